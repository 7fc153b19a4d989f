import type { DataKeyStore } from '../../../../electron/core/vault/keys/data-key-store';
import { KeychainUnavailableError } from '../../../../electron/core/vault/errors';

/**
 * A stand-in keychain for unit tests of the vault's own logic. `locked` mimics Secret Service with a
 * locked collection (writes vanish, reads give null); `unreachable` mimics no D-Bus at all.
 * The real keychain is exercised in test/integration/vault.
 */
export class MemoryKeyStore implements DataKeyStore {
  readonly mode = 'os-keychain' as const;
  key: Uint8Array | null = null;
  locked = false;
  unreachable = false;
  writes = 0;

  async read(): Promise<Uint8Array | null> {
    if (this.unreachable) throw new KeychainUnavailableError('no D-Bus session (test)');
    return this.locked ? null : this.key;
  }

  async write(key: Uint8Array): Promise<void> {
    if (this.unreachable) throw new KeychainUnavailableError('no D-Bus session (test)');
    this.writes++;
    if (!this.locked) this.key = Uint8Array.from(key);
  }

  async remove(): Promise<void> {
    if (this.unreachable) throw new KeychainUnavailableError('no D-Bus session (test)');
    this.key = null;
  }
}
