import { constants, privateDecrypt, type KeyObject } from 'node:crypto';
import { encodeTlv, readTlv, readTlvList } from '../../../shared/piv/card/tlv';

/**
 * The card's half of GENERAL AUTHENTICATE (SP 800-73-4 part 2, 3.2.4) for the PIV Authentication key:
 * the dynamic authentication template 7C carries a challenge (81) and an empty response (82) asking
 * for it; the card answers 7C { 82 signature }. With RSA (algorithm 07) the challenge is the whole
 * 256-byte block the host padded, and the card applies its private key to it as it stands.
 */

/** SP 800-78-4 algorithm identifier of RSA 2048. */
export const ALGORITHM_RSA_2048 = 0x07;
/** Key reference of the PIV Authentication key. */
export const PIV_AUTHENTICATION_KEY = 0x9a;
const RSA_2048_BYTES = 256;

export type GeneralAuthenticateAnswer = { signature: Uint8Array } | { sw: number };

/** Signs the challenge in `template`, or says with a status word why not. */
export function answerGeneralAuthenticate(template: Uint8Array, key: KeyObject): GeneralAuthenticateAnswer {
  let challenge: Uint8Array | undefined;
  let wantsResponse = false;
  try {
    const outer = readTlv(template, 0, 'dynamic authentication template');
    if (outer.tag !== 0x7c || outer.end !== template.length) return { sw: 0x6a80 };
    for (const element of readTlvList(outer.value, 'dynamic authentication template')) {
      if (element.tag === 0x81) challenge = element.value;
      if (element.tag === 0x82) wantsResponse = element.value.length === 0;
    }
  } catch {
    return { sw: 0x6a80 };
  }
  if (!challenge || !wantsResponse || challenge.length !== RSA_2048_BYTES) return { sw: 0x6a80 };
  try {
    const signature = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, challenge);
    return { signature: encodeTlv(0x7c, encodeTlv(0x82, new Uint8Array(signature))) };
  } catch {
    // A block not smaller than the modulus: the card cannot apply its key to it.
    return { sw: 0x6a80 };
  }
}
