import { z } from 'zod';
import { CertificateSummary } from './certificate-summary';

/** Where the data key lives; the less-safe mode is named so wherever it appears. */
export const VaultMode = z.enum(['os-keychain', 'less-safe-key-file']);
export type VaultMode = z.infer<typeof VaultMode>;

/** What the operator is shown about the stored client credential; plain because nothing in it is secret. */
export const ClientCredentialInfo = z.object({
  summary: CertificateSummary,
  keyDescription: z.string(),
  chainLength: z.number().int().nonnegative(),
});
export type ClientCredentialInfo = z.infer<typeof ClientCredentialInfo>;
