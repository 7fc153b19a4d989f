import { open, seal } from './envelope';

/**
 * Seals personal data the desk's local store keeps (a cardholder named in an audit entry, an enrolment
 * waiting to be sent) with AES-256-GCM under the vault's local-store key. The purpose is bound into
 * each sealed value, so a value cannot be moved into another column unnoticed. Sealed text is the
 * envelope as JSON, ready for a TEXT column.
 */
export class LocalDataSealer {
  constructor(private readonly key: Uint8Array) {}

  seal(purpose: string, plaintext: string): string {
    return JSON.stringify(seal(this.key, `local-store/${purpose}`, Buffer.from(plaintext, 'utf8')));
  }

  /** Throws a VaultError (`secret-unreadable`) when the text was altered or sealed under another key. */
  open(purpose: string, sealed: string): string {
    let stored: unknown;
    try {
      stored = JSON.parse(sealed);
    } catch {
      stored = undefined;
    }
    return open(this.key, `local-store/${purpose}`, stored).toString('utf8');
  }
}
