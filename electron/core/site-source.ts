import type { DeskConfig } from './config';
import { explainPinnedTlsFailure } from './vault/pinning/pinned-tls-options';
import { loadConnectionCredentials } from './vault/connection-credentials';
import { readDeskSetting, writeDeskSetting } from './vault/settings/desk-settings';
import type { SettingsStore } from './vault/settings/settings-store';
import type { Vault } from './vault/vault';

/** A site the desk can connect to, and how to let go of it (the demo site stops its simulator). */
export interface OpenedSite {
  config: DeskConfig;
  close(): Promise<void>;
}

export type SiteChoice = 'auto' | 'configured' | 'demo';

/** Where the desk's sites come from. */
export interface SiteSource {
  /** `auto`: the configured site when Settings left the demo, the demo site otherwise. Changes nothing stored. */
  open(choice: SiteChoice): Promise<OpenedSite>;
  /** Records an explicit choice once its site answered, so the desk comes back to it after a restart. */
  remember?(choice: Exclude<SiteChoice, 'auto'>): void;
}

/** Always the same site: for tests and tools that bring their own connection. */
export function fixedSite(config: DeskConfig): SiteSource {
  return { open: async () => ({ config, close: async () => undefined }) };
}

/**
 * Sites as Settings describes them: the configured server, with credentials from the vault and its
 * certificate pinned, or the embedded demo site (started on demand, stopped when left).
 */
export function settingsSites(settings: SettingsStore, vault: Vault, startDemo: () => Promise<OpenedSite>): SiteSource {
  return {
    remember(choice) {
      writeDeskSetting(settings, 'demoSite', choice === 'demo');
    },
    async open(choice) {
      const configured = readDeskSetting(settings, 'demoSite') === false && !!readDeskSetting(settings, 'serverUrl');
      if (choice === 'demo' || (choice === 'auto' && !configured)) return startDemo();
      const credentials = await loadConnectionCredentials(settings, vault);
      return {
        config: {
          baseUrl: credentials.origin,
          apiKey: credentials.apiKey,
          auth: credentials.auth,
          // Pinned server certificate plus the client certificate, as the vault built them for Node TLS.
          tls: { connect: { ...credentials.tls } },
          demo: false,
          explainTlsFailure: (err) => explainPinnedTlsFailure(err, credentials.origin, credentials.pin),
        },
        close: async () => undefined,
      };
    },
  };
}
