/**
 * What a PIV card is made of, as both sides of the card interface need it: the reader in the core and
 * the virtual card of the simulator. SP 800-73-4 part 1 (data objects) and part 2 (the application).
 */

/** PIV application AID with its version (A0 00 00 03 08 00 00 10 00 01 00). */
export const PIV_AID = Uint8Array.of(0xa0, 0x00, 0x00, 0x03, 0x08, 0x00, 0x00, 0x10, 0x00, 0x01, 0x00);

/** BER-TLV tags of the data objects Gatehouse reads. */
export const PIV_OBJECT_TAGS = {
  cardAuthenticationCert: 0x5fc101,
  chuid: 0x5fc102,
  fingerprints: 0x5fc103,
  pivAuthenticationCert: 0x5fc105,
} as const;
export type PivObjectName = keyof typeof PIV_OBJECT_TAGS;

/** Tags of the elements inside the CHUID object (part 1, 3.1.2). */
export const CHUID_TAGS = {
  bufferLength: 0xee,
  fascn: 0x30,
  orgIdentifier: 0x32,
  duns: 0x33,
  guid: 0x34,
  expirationDate: 0x35,
  cardholderUuid: 0x36,
  issuerSignature: 0x3e,
  errorDetectionCode: 0xfe,
} as const;

/**
 * The one thing the PIV reader needs from a card: send an APDU, get the answer. PC/SC implements it
 * (the core's reader service), and so does the virtual card in-process for the demo site and the tests.
 */
export interface CardChannel {
  transmit(command: Uint8Array): Promise<Uint8Array>;
}
