import { AsyncEntry } from '@napi-rs/keyring';
import { KeychainUnavailableError, reasonOf } from '../errors';
import { dataKeyBytes } from './envelope';
import type { DataKeyStore } from './data-key-store';

export const keychainService = 'Gatehouse';
/**
 * The account of the entry every settings folder once shared; a vault's own entry is
 * `vault-data-key/<vault id>`. The shared entry is still read to move an older vault to its own entry,
 * and never deleted: another folder's vault may still be sealed under it.
 */
export const keychainAccount = 'vault-data-key';

function unavailable(err: unknown): KeychainUnavailableError {
  if (err instanceof KeychainUnavailableError) return err;
  const reason = reasonOf(err);
  // gnome-keyring answers a locked collection with a dismissed unlock prompt when no display can show one.
  return new KeychainUnavailableError(/unlock|locked/i.test(reason) ? `it is locked: ${reason}` : reason);
}

/**
 * The data key in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux),
 * Base64 as the entry's password. On Linux the store is pinned to Secret Service: left to its default,
 * the library silently falls back to the kernel keyring, which forgets the key at logout.
 */
export class KeychainDataKeyStore implements DataKeyStore {
  readonly mode = 'os-keychain' as const;

  constructor(
    private readonly service: string = keychainService,
    private readonly account: string = keychainAccount,
  ) {}

  forVault(vaultId: string): KeychainDataKeyStore {
    return new KeychainDataKeyStore(this.service, `${keychainAccount}/${vaultId}`);
  }

  private entry(): AsyncEntry {
    try {
      return new AsyncEntry(this.service, this.account, { linux: { store: 'secret-service' } });
    } catch (err) {
      // Without a D-Bus session the constructor itself fails.
      throw unavailable(err);
    }
  }

  async read(): Promise<Uint8Array | null> {
    let stored: string | null;
    try {
      stored = await this.entry().getPassword();
    } catch (err) {
      throw unavailable(err);
    }
    if (stored === null) return null;
    const key = Buffer.from(stored, 'base64');
    if (key.length !== dataKeyBytes) {
      throw new KeychainUnavailableError(`the keychain entry "${this.service}/${this.account}" does not hold a 256-bit key`);
    }
    return key;
  }

  async write(key: Uint8Array): Promise<void> {
    try {
      await this.entry().setPassword(Buffer.from(key).toString('base64'));
    } catch (err) {
      throw unavailable(err);
    }
  }

  async remove(): Promise<void> {
    try {
      await this.entry().deleteCredential();
    } catch (err) {
      throw unavailable(err);
    }
  }
}
