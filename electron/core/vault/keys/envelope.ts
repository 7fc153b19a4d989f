import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { VaultError } from '../errors';

/**
 * One encrypted value as it sits in the settings file. Versioned so a later format (another cipher, a
 * wrapped key) can be told apart and read or refused with a clear reason rather than misread.
 */
export const SealedValue = z.object({
  v: z.literal(1),
  alg: z.literal('A256GCM'),
  iv: z.base64(),
  tag: z.base64(),
  data: z.base64(),
});
export type SealedValue = z.infer<typeof SealedValue>;

const ivBytes = 12; // GCM's native nonce size; random per seal, so a key can seal many values safely
const tagBytes = 16;
export const dataKeyBytes = 32; // AES-256

function associatedData(purpose: string): Buffer {
  // Binding the purpose (e.g. "apiKey") stops a sealed value being swapped into another field unnoticed.
  return Buffer.from(`gatehouse-vault/v1/${purpose}`, 'utf8');
}

function assertKey(key: Uint8Array): void {
  if (key.length !== dataKeyBytes) throw new VaultError('invalid-value', 'The vault data key must be 256 bits');
}

export function seal(key: Uint8Array, purpose: string, plaintext: Uint8Array): SealedValue {
  assertKey(key);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(associatedData(purpose));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { v: 1, alg: 'A256GCM', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function open(key: Uint8Array, purpose: string, stored: unknown): Buffer {
  assertKey(key);
  const parsed = SealedValue.safeParse(stored);
  if (!parsed.success) {
    const version = typeof stored === 'object' && stored !== null && 'v' in stored ? String(stored.v) : 'none';
    throw new VaultError('secret-unreadable', `The stored ${purpose} is not in a format this Gatehouse reads (version ${version})`);
  }
  const { iv, tag, data } = parsed.data;
  const ivBuffer = Buffer.from(iv, 'base64');
  const tagBuffer = Buffer.from(tag, 'base64');
  if (ivBuffer.length !== ivBytes || tagBuffer.length !== tagBytes) {
    throw new VaultError('secret-unreadable', `The stored ${purpose} has a malformed nonce or tag`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBuffer, { authTagLength: tagBytes });
    decipher.setAAD(associatedData(purpose));
    decipher.setAuthTag(tagBuffer);
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]);
  } catch {
    throw new VaultError(
      'secret-unreadable',
      `The stored ${purpose} failed its integrity check: it was altered, or sealed with a different data key`,
    );
  }
}
