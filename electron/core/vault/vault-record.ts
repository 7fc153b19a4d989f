import { z } from 'zod';
import { CertificateSummary } from './certificates/certificate-summary-schema';
import { SealedValue } from './keys/envelope';

/** The settings key the vault keeps its record under. */
export const vaultSettingsKey = 'vault';

/** Where the data key lives; the less-safe mode is named so wherever it appears. */
export const VaultMode = z.enum(['os-keychain', 'less-safe-key-file']);
export type VaultMode = z.infer<typeof VaultMode>;

/** What the operator is shown about the stored client credential; plain because nothing in it is secret. */
export const ClientCredentialInfo = z.object({
  summary: CertificateSummary,
  keyDescription: z.string(),
  chainLength: z.number().int().nonnegative(),
});

/**
 * The vault's entry in the settings file: the mode in plain sight (so "less safe" is visible to anyone
 * reading the settings), the secrets sealed, and the certificate's public description beside them.
 */
export const VaultRecord = z.object({
  mode: VaultMode,
  apiKey: SealedValue.optional(),
  clientCredential: SealedValue.optional(),
  clientCredentialInfo: ClientCredentialInfo.optional(),
});
export type VaultRecord = z.infer<typeof VaultRecord>;

/** The plaintext sealed as `clientCredential`. */
export const ClientCredentialSecret = z.object({ certificatePem: z.string(), privateKeyPem: z.string() });
export type ClientCredentialSecret = z.infer<typeof ClientCredentialSecret>;
