import { z } from 'zod';
import {
  ApiKeyInput,
  AuthFormChoice,
  ClientCertificateImport,
  CredentialOverview,
  ServerAddressInput,
  ServerCertificateConfirmation,
  ServerCertificateOffer,
  SiteAnswer,
} from '../settings/calls';
import { CertificateSummary } from '../settings/certificate-summary';
import { ClientCredentialInfo, VaultMode } from '../settings/credential-info';
import { none } from './none';

/** Settings / first run. The API key and private key go in; only descriptions and fingerprints come out. */
export const settingsCalls = {
  'settings.overview': { params: none, result: CredentialOverview },
  'settings.setApiKey': { params: ApiKeyInput, result: CredentialOverview },
  'settings.deleteApiKey': { params: none, result: CredentialOverview },
  'settings.importCertificate': { params: ClientCertificateImport, result: ClientCredentialInfo },
  'settings.deleteCertificate': { params: none, result: CredentialOverview },
  /** The key form (with its scheme word) or Basic; a scheme word that is not one HTTP token is refused with the reason. */
  'settings.setAuthForm': { params: AuthFormChoice, result: CredentialOverview },
  'settings.chooseVaultMode': {
    params: z.object({ mode: VaultMode, acknowledgeLessSafe: z.boolean().default(false) }).strict(),
    result: CredentialOverview,
  },
  /** First contact: the server certificate's fingerprint, fetched by a handshake that sends nothing. */
  'settings.probeServer': { params: ServerAddressInput, result: ServerCertificateOffer },
  /** Pins the certificate the operator confirmed; refused if the server now shows another one. */
  'settings.confirmServer': { params: ServerCertificateConfirmation, result: CertificateSummary },
  /**
   * Tries the stored settings on a throwaway connection (discovery and one authenticated GET, then
   * closed) without touching the running site; fails with what was wrong and what to do.
   */
  'settings.testConnection': { params: none, result: SiteAnswer },
} as const;
