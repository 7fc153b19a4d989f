import { CHUID_TAGS } from '../../../../shared/piv/card/card-objects';
import { toHex } from '../../../../shared/piv/card/hex';
import { findTlv, readTlvList } from '../../../../shared/piv/card/tlv';
import { formatGuid, type Chuid } from '../chuid';

/**
 * Which card this is, from its CHUID: the FASC-N where it names a credential, else the card UUID
 * (PIV-I and newer PIV cards carry the no-credential FASC-N 9999-9999-999999 and the UUID alone).
 */

export interface CardIdentity {
  cardId: string;
  label: string;
  /** The FASC-N's 25 bytes as hex, to compare with the certificate's subjectAltName. */
  fascnHex: string;
  /** The GUID as hex, to compare with the certificate's urn:uuid. */
  guidHex: string;
}

export function cardIdentity(chuidObject: Uint8Array, chuid: Chuid): CardIdentity {
  const fascnBytes = findTlv(readTlvList(chuidObject, 'CHUID'), CHUID_TAGS.fascn)?.value ?? new Uint8Array(0);
  const fascnHex = toHex(fascnBytes);
  const guidHex = toHex(chuid.guid);
  const { agencyCode, systemCode, credentialNumber } = chuid.fascn;
  const noCredential = agencyCode === '9999' && systemCode === '9999' && credentialNumber === '999999';
  if (noCredential) return { cardId: guidHex, label: `PIV-I · card ${formatGuid(chuid.guid)}`, fascnHex, guidHex };
  return {
    cardId: fascnHex,
    label: `PIV · agency ${agencyCode} · card ${credentialNumber}`,
    fascnHex,
    guidHex,
  };
}

