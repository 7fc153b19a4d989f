import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../electron/core/vault/errors';
import { open, seal, SealedValue } from '../../../electron/core/vault/keys/envelope';

const key = randomBytes(32);
const secret = Buffer.from('1234-ABCD-5678-EF90-1234-ABCD-5678-EF90');

function flipFirstByte(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = bytes[0]! ^ 0xff;
  return bytes.toString('base64');
}

describe('sealed value envelope', () => {
  it('opens what it sealed, and the envelope holds no plaintext', () => {
    const sealed = seal(key, 'apiKey', secret);
    expect(SealedValue.parse(sealed)).toEqual(sealed);
    expect(JSON.stringify(sealed)).not.toContain(secret.toString());
    expect(JSON.stringify(sealed)).not.toContain(secret.toString('base64'));
    expect(open(key, 'apiKey', sealed).equals(secret)).toBe(true);
  });

  it('uses a fresh nonce each time, so equal secrets do not look equal', () => {
    const a = seal(key, 'apiKey', secret);
    const b = seal(key, 'apiKey', secret);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it('refuses altered ciphertext, an altered tag, another key, or another field', () => {
    const sealed = seal(key, 'apiKey', secret);
    expect(() => open(key, 'apiKey', { ...sealed, data: flipFirstByte(sealed.data) })).toThrow(/integrity check/);
    expect(() => open(key, 'apiKey', { ...sealed, tag: flipFirstByte(sealed.tag) })).toThrow(/integrity check/);
    expect(() => open(randomBytes(32), 'apiKey', sealed)).toThrow(/integrity check/);
    expect(() => open(key, 'clientCredential', sealed)).toThrow(/integrity check/);
  });

  it('names an unknown envelope version instead of guessing', () => {
    const sealed = { ...seal(key, 'apiKey', secret), v: 2 };
    const error = (() => {
      try {
        open(key, 'apiKey', sealed);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(VaultError);
    expect((error as VaultError).failure).toBe('secret-unreadable');
    expect((error as Error).message).toMatch(/version 2/);
  });

  it('refuses a data key that is not 256 bits', () => {
    expect(() => seal(randomBytes(16), 'apiKey', secret)).toThrow(/256 bits/);
  });
});
