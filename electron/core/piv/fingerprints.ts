import { readTlvList, requireTlv } from '../../../shared/piv/card/tlv';

/**
 * The cardholder fingerprints object (5FC103): the CBEFF structure (header, biometric record, signature
 * block) in tag BC, then the error detection code FE. The server wants the structure without the EDC.
 */
export function readFingerprintStructure(object: Uint8Array): Uint8Array {
  const what = 'Cardholder fingerprints';
  return requireTlv(readTlvList(object, what), 0xbc, what, 'CBEFF fingerprint structure');
}
