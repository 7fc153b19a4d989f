import type { settingsCalls } from '../../../shared/contract/settings';
import { DeskError } from '../../../shared/errors';
import { checkSite } from '../site-check/check-site';
import type { SiteSource } from '../site-source';
import type { CredentialSettings } from '../vault/credential-settings';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { HandlerTable } from './handler-table';
import type { AuthFormChoice } from '../../../shared/settings/calls';

/** The settings screen's calls; each answers with what the screen shows, never a secret. */
export function settingsHandlers(
  credentials: CredentialSettings | undefined,
  sites: SiteSource,
  audit?: AuditLog,
): HandlerTable<keyof typeof settingsCalls> {
  const use = (): CredentialSettings => {
    if (!credentials) throw new DeskError('invalid-call', 'This desk has no settings: it was started for a fixed site');
    return credentials;
  };
  // Each change is recorded by what changed, never with the value (a key, a certificate) itself.
  const change = <T>(setting: string, run: () => Promise<T>): Promise<T> => audited(audit, { kind: 'settings.changed', setting }, run);
  return {
    'settings.overview': async () => use().overview(),
    'settings.setApiKey': ({ apiKey }) =>
      change('API key stored', async () => {
        await use().setApiKey(apiKey);
        return use().overview();
      }),
    'settings.deleteApiKey': () =>
      change('API key deleted', async () => {
        await use().deleteApiKey();
        return use().overview();
      }),
    'settings.importCertificate': (request) => change('Client certificate imported', () => use().importClientCertificate(request)),
    'settings.deleteCertificate': () =>
      change('Client certificate deleted', async () => {
        await use().deleteClientCertificate();
        return use().overview();
      }),
    'settings.setAuthForm': (choice) =>
      change(`Authorization form set to ${authFormChange(choice)}`, async () => {
        use().setAuthForm(choice);
        return use().overview();
      }),
    'settings.chooseVaultMode': ({ mode, acknowledgeLessSafe }) =>
      change(`Vault key moved to ${mode}`, async () => {
        await use().chooseVaultMode(mode, acknowledgeLessSafe);
        return use().overview();
      }),
    'settings.probeServer': ({ serverUrl }) => use().probeServer(serverUrl),
    'settings.confirmServer': ({ serverUrl, sha256Fingerprint }) =>
      change(`Server ${serverUrl} and its certificate ${sha256Fingerprint} confirmed`, async () => (await use().confirmServerCertificate(serverUrl, sha256Fingerprint)).summary),
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

/** The audit entry's words for an auth form change: the scheme word is not a secret, the key never appears. */
function authFormChange(choice: AuthFormChoice): string {
  if (choice.authForm === 'basic') return 'Basic';
  return choice.scheme === undefined ? 'the API key form' : `the API key form with the scheme word ${choice.scheme}`;
}
