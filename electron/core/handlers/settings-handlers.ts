import type { settingsCalls } from '../../../shared/contract/settings';
import { DeskError } from '../../../shared/errors';
import { checkSite } from '../site-check/check-site';
import type { SiteSource } from '../site-source';
import type { CredentialSettings } from '../vault/credential-settings';
import type { HandlerTable } from './handler-table';

/** The settings screen's calls; each answers with what the screen shows, never a secret. */
export function settingsHandlers(credentials: CredentialSettings | undefined, sites: SiteSource): HandlerTable<keyof typeof settingsCalls> {
  const use = (): CredentialSettings => {
    if (!credentials) throw new DeskError('invalid-call', 'This desk has no settings: it was started for a fixed site');
    return credentials;
  };
  return {
    'settings.overview': async () => use().overview(),
    'settings.setApiKey': async ({ apiKey }) => {
      await use().setApiKey(apiKey);
      return use().overview();
    },
    'settings.deleteApiKey': async () => {
      await use().deleteApiKey();
      return use().overview();
    },
    'settings.importCertificate': (request) => use().importClientCertificate(request),
    'settings.deleteCertificate': async () => {
      await use().deleteClientCertificate();
      return use().overview();
    },
    'settings.setAuthForm': async ({ authForm }) => {
      use().setAuthForm(authForm);
      return use().overview();
    },
    'settings.chooseVaultMode': async ({ mode, acknowledgeLessSafe }) => {
      await use().chooseVaultMode(mode, acknowledgeLessSafe);
      return use().overview();
    },
    'settings.probeServer': ({ serverUrl }) => use().probeServer(serverUrl),
    'settings.confirmServer': async ({ serverUrl, sha256Fingerprint }) =>
      (await use().confirmServerCertificate(serverUrl, sha256Fingerprint)).summary,
    'settings.testConnection': async () => {
      use();
      // Opening the configured site only gathers its settings; the running site is not touched.
      const candidate = await sites.open('configured');
      try {
        return await checkSite(candidate.config);
      } finally {
        await candidate.close();
      }
    },
  };
}
