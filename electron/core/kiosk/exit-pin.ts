import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The kiosk's exit PIN: what a supervisor types to quit or leave full screen. Only a salted scrypt hash
 * is stored (in the settings file, which is not secret): the PIN itself never reaches disk or the log.
 */
export const StoredExitPin = z.object({ salt: z.string().min(16), hash: z.string().min(32) }).strict();
export type StoredExitPin = z.infer<typeof StoredExitPin>;

const KEY_LENGTH = 32;

export function hashExitPin(pin: string): StoredExitPin {
  const salt = randomBytes(16);
  return { salt: salt.toString('base64'), hash: scryptSync(pin, salt, KEY_LENGTH).toString('base64') };
}

export function exitPinMatches(stored: StoredExitPin, pin: string): boolean {
  const expected = Buffer.from(stored.hash, 'base64');
  const given = scryptSync(pin, Buffer.from(stored.salt, 'base64'), KEY_LENGTH);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
