import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The desk PIN: the fallback sign-in where no card reader is fitted. Only a salted scrypt hash is kept
 * (in the local store's roster); the PIN itself never reaches disk, the log or the renderer's events.
 * scrypt's cost makes each guess slow; the sign-in's lockout (operator-session.ts) makes guesses few.
 */
export interface StoredDeskPin {
  salt: string;
  hash: string;
}

const KEY_LENGTH = 32;
const COST: ScryptOptions = { N: 16_384, r: 8, p: 1 };

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_LENGTH, COST, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashDeskPin(pin: string): Promise<StoredDeskPin> {
  const salt = randomBytes(16);
  return { salt: salt.toString('base64'), hash: (await derive(pin, salt)).toString('base64') };
}

export async function deskPinMatches(stored: StoredDeskPin, pin: string): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const given = await derive(pin, Buffer.from(stored.salt, 'base64'));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
