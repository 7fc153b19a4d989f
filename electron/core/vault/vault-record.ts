import { z } from 'zod';
import { ClientCredentialInfo, VaultMode } from '../../../shared/settings/credential-info';
import { SealedValue } from './keys/envelope';

export { ClientCredentialInfo, VaultMode };

/** The settings key the vault keeps its record under. */
export const vaultSettingsKey = 'vault';

/**
 * The vault's entry in the settings file: the mode in plain sight (so "less safe" is visible to anyone
 * reading the settings), the secrets sealed, and the certificate's public description beside them.
 */
export const VaultRecord = z.object({
  mode: VaultMode,
  /**
   * Names this vault's own keychain entry, so settings folders of one user never share (or delete)
   * each other's key. Absent in vaults made before per-folder keys: those are moved on first use.
   */
  vaultId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
  apiKey: SealedValue.optional(),
  clientCredential: SealedValue.optional(),
  clientCredentialInfo: ClientCredentialInfo.optional(),
  /** The key that seals personal data in the desk's local store (keys/local-data-sealer.ts). */
  localStoreKey: SealedValue.optional(),
});
export type VaultRecord = z.infer<typeof VaultRecord>;

/** The plaintext sealed as `clientCredential`. */
export const ClientCredentialSecret = z.object({ certificatePem: z.string(), privateKeyPem: z.string() });
export type ClientCredentialSecret = z.infer<typeof ClientCredentialSecret>;
