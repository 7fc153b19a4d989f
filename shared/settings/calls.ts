import { z } from 'zod';
import { AuthSchemeWord } from './auth-scheme';
import { CertificateSummary } from './certificate-summary';
import { ClientCredentialInfo, VaultMode } from './credential-info';

// The shapes the settings / first-run screen sends and receives over the contract. Nothing secret
// ever comes back out: the API key and the private key go in, only descriptions and fingerprints return.

/**
 * The largest certificate files the desk takes. The Settings screen's file picker refuses bigger files
 * before reading them, this schema refuses bigger contents, and the browser host's link
 * (MAX_CALL_MESSAGE_BYTES in shared/wire.ts) carries the largest import call these allow: one limit
 * end to end. A PKCS#12 with a long chain is ~50 KB; a PEM certificate, key or chain a few KB.
 */
export const MAX_PEM_FILE_BYTES = 64 * 1024;
export const MAX_PKCS12_FILE_BYTES = 192 * 1024;

// UTF-8 text has no more characters than bytes; Base64 takes 4 characters for every 3 bytes.
const maxPemText = MAX_PEM_FILE_BYTES;
const maxPkcs12Base64 = Math.ceil(MAX_PKCS12_FILE_BYTES / 3) * 4;

export const ClientCertificateImport = z.discriminatedUnion('format', [
  z
    .object({
      format: z.literal('pem'),
      /** The certificate and key files' text: one file holding both, or each in its own. */
      texts: z.array(z.string().max(maxPemText, 'A PEM file larger than 64 KiB is not a certificate or key')).min(1).max(3),
      passphrase: z.string().max(1024).optional(),
    })
    .strict(),
  z
    .object({
      format: z.literal('pkcs12'),
      fileBase64: z.base64('The PKCS#12 file must arrive Base64-encoded').max(maxPkcs12Base64, `A PKCS#12 file larger than ${MAX_PKCS12_FILE_BYTES / 1024} KiB is not a certificate file`),
      password: z.string().max(1024),
    })
    .strict(),
]);
export type ClientCertificateImport = z.infer<typeof ClientCertificateImport>;

export const ApiKeyInput = z.object({ apiKey: z.string().min(1).max(512) }).strict();

export const ServerAddressInput = z.object({ serverUrl: z.string().min(1).max(2048) }).strict();

/** The operator confirms the fingerprint they were shown, not just "yes": see confirmServerCertificate. */
export const ServerCertificateConfirmation = z
  .object({ serverUrl: z.string().min(1).max(2048), sha256Fingerprint: z.string() })
  .strict();

export const ServerCertificateOffer = z.object({
  origin: z.string(),
  summary: CertificateSummary,
  trustedBySystem: z.boolean(),
});
export type ServerCertificateOffer = z.infer<typeof ServerCertificateOffer>;

/** docs/server-interface.md §Authentication: the key after a scheme word, or (from 9.0) Basic. */
export const AuthFormName = z.enum(['api-key-scheme', 'basic']);
export type AuthFormName = z.infer<typeof AuthFormName>;

/** Choosing how the key is sent; the key form may bring a scheme word (kept as stored when left out). */
export const AuthFormChoice = z.discriminatedUnion('authForm', [
  z.object({ authForm: z.literal('api-key-scheme'), scheme: AuthSchemeWord.optional() }).strict(),
  z.object({ authForm: z.literal('basic') }).strict(),
]);
export type AuthFormChoice = z.infer<typeof AuthFormChoice>;

export const CredentialOverview = z.object({
  vaultMode: VaultMode,
  /** True in the less-safe key-file mode: the screen says so plainly. */
  lessSafe: z.boolean(),
  keychain: z.discriminatedUnion('available', [
    z.object({ available: z.literal(true) }),
    z.object({ available: z.literal(false), reason: z.string() }),
  ]),
  hasApiKey: z.boolean(),
  clientCertificate: ClientCredentialInfo.nullable(),
  serverUrl: z.string().nullable(),
  authForm: AuthFormName,
  /** The word the key form sends before the key (the standard one unless Settings changed it), in use or not. */
  authScheme: z.string(),
  pinnedServerCertificate: CertificateSummary.nullable(),
  demoSite: z.boolean(),
});
export type CredentialOverview = z.infer<typeof CredentialOverview>;

/** What a connection test found: the configured site answered discovery and one item GET. */
export const SiteAnswer = z.object({
  origin: z.string(),
  version: z.string(),
  /** False when the server links no doors, so only discovery could be tried. */
  itemsRead: z.boolean(),
});
export type SiteAnswer = z.infer<typeof SiteAnswer>;
