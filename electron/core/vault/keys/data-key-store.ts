import { randomBytes } from 'node:crypto';
import { dataKeyBytes } from './envelope';
import type { VaultMode } from '../vault-record';

export type { VaultMode };

/**
 * Where the vault keeps its data key: one store per VaultMode. `os-keychain` is the only safe place;
 * `less-safe-key-file` is a 0600 file beside the settings, chosen explicitly by the operator when no
 * keychain exists, and named so in settings and on screen.
 */
export interface DataKeyStore {
  readonly mode: VaultMode;
  /** The stored key, or null when there is none (or, for some keychains, when it is locked). */
  read(): Promise<Uint8Array | null>;
  write(key: Uint8Array): Promise<void>;
  /** Remove the key; no error when there was none. */
  remove(): Promise<void>;
  /**
   * The store for one vault, where the place is shared by every settings folder of the user (the OS
   * keychain): each vault's key in an entry of its own, so one vault never reads or deletes another's.
   * Absent where the place already belongs to one folder (the key file beside the settings).
   */
  forVault?(vaultId: string): DataKeyStore;
}

export function generateDataKey(): Uint8Array {
  return randomBytes(dataKeyBytes);
}
