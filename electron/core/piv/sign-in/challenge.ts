import { createHash, randomBytes, verify, type KeyObject, type X509Certificate } from 'node:crypto';
import { concatBytes, encodeTlv, findTlv, readTlv, readTlvList } from '../../../../shared/piv/card/tlv';
import type { PivApplication } from '../piv-application';
import { CardRefused } from './card-refused';

/**
 * Challenge–response with the PIV Authentication key (SP 800-73-4 part 2 GENERAL AUTHENTICATE, key 9A;
 * FIPS 201-3 PKI-AUTH): the desk makes up a fresh random message, asks the card to sign its SHA-256
 * digest, and checks the signature with the certificate's public key. A card that copied someone
 * else's certificate cannot answer, because the private key never leaves the real card.
 */

const PIV_AUTHENTICATION_KEY = 0x9a;
/** SP 800-78-4 algorithm identifiers. */
const ALGORITHM = { rsa2048: 0x07, eccP256: 0x11, eccP384: 0x14 } as const;
/** DER of DigestInfo's prefix for SHA-256 (RFC 8017 9.2 note 1). */
const SHA256_DIGEST_INFO = Uint8Array.from(Buffer.from('3031300d060960864801650304020105000420', 'hex'));
const MESSAGE_BYTES = 32;

interface KeyPlan {
  algorithm: number;
  hash: 'sha256' | 'sha384';
  /** What goes in the 81 element for this key, from the message's digest. */
  challenge(digest: Uint8Array): Uint8Array;
}

export async function proveCardHoldsKey(app: PivApplication, certificate: X509Certificate): Promise<void> {
  const key = certificate.publicKey;
  const plan = keyPlan(key);
  const message = new Uint8Array(randomBytes(MESSAGE_BYTES));
  const digest = new Uint8Array(createHash(plan.hash).update(message).digest());
  const template = encodeTlv(0x7c, concatBytes(encodeTlv(0x82, new Uint8Array(0)), encodeTlv(0x81, plan.challenge(digest))));
  const answer = await app.generalAuthenticate(plan.algorithm, PIV_AUTHENTICATION_KEY, template);
  const signature = responseSignature(answer);
  const holds =
    signature !== undefined &&
    verify(plan.hash, message, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key, signature);
  if (!holds) throw new CardRefused('challenge-failed', 'The card did not prove it holds its key: its answer does not match its certificate');
}

function keyPlan(key: KeyObject): KeyPlan {
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'rsa' && details?.modulusLength === 2048) {
    return { algorithm: ALGORITHM.rsa2048, hash: 'sha256', challenge: (digest) => pkcs1Block(digest, 256) };
  }
  if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1') {
    return { algorithm: ALGORITHM.eccP256, hash: 'sha256', challenge: (digest) => digest };
  }
  if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'secp384r1') {
    return { algorithm: ALGORITHM.eccP384, hash: 'sha384', challenge: (digest) => digest };
  }
  throw new CardRefused('not-piv', "This card's PIV Authentication key is of a kind PIV does not allow (RSA 2048, ECC P-256 or P-384)");
}

/** EMSA-PKCS1-v1_5 (RFC 8017 9.2): 00 01 FF…FF 00 DigestInfo, the block an RSA card signs as it stands. */
function pkcs1Block(digest: Uint8Array, length: number): Uint8Array {
  const digestInfo = concatBytes(SHA256_DIGEST_INFO, digest);
  const block = new Uint8Array(length).fill(0xff);
  block[0] = 0x00;
  block[1] = 0x01;
  block[length - digestInfo.length - 1] = 0x00;
  block.set(digestInfo, length - digestInfo.length);
  return block;
}

/** The 82 element of the card's 7C answer; undefined when the answer has no such shape. */
function responseSignature(answer: Uint8Array): Uint8Array | undefined {
  try {
    const outer = readTlv(answer, 0, 'GENERAL AUTHENTICATE answer');
    if (outer.tag !== 0x7c) return undefined;
    const signature = findTlv(readTlvList(outer.value, 'GENERAL AUTHENTICATE answer'), 0x82)?.value;
    return signature && signature.length > 0 ? signature : undefined;
  } catch {
    return undefined;
  }
}
