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
}

export function generateDataKey(): Uint8Array {
  return randomBytes(dataKeyBytes);
}
