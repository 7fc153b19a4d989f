import type { ConnectionOptions } from 'node:tls';
import { authFormFromSettings, type AuthForm } from '../api/auth';
import { VaultError } from './errors';
import { pinnedTlsOptions } from './pinning/pinned-tls-options';
import type { ServerCertificatePin } from './pinning/server-certificate-pin';
import { readDeskSetting } from './settings/desk-settings';
import type { SettingsStore } from './settings/settings-store';
import type { Vault } from './vault';

/** Everything the transport needs to reach the configured server; held in main only, never logged. */
export interface ConnectionCredentials {
  origin: string;
  /** How the key is sent: the scheme word (GGL-API-KEY unless changed) and the key, or Basic. */
  auth: AuthForm;
  apiKey: string;
  pin: ServerCertificatePin;
  /** For undici: `new Agent({ connect: tls })`: pinned server certificate plus the client certificate. */
  tls: ConnectionOptions;
}

/**
 * Gather the configured server's credentials for the transport, or say plainly which piece the
 * operator has not set up yet (so the connection bar can send them to Settings).
 */
export async function loadConnectionCredentials(settings: SettingsStore, vault: Vault): Promise<ConnectionCredentials> {
  const origin = readDeskSetting(settings, 'serverUrl');
  if (!origin) throw new VaultError('invalid-value', 'No server address is configured: set one in Settings');
  const pin = readDeskSetting(settings, 'serverCertificatePin');
  if (!pin) throw new VaultError('invalid-value', "The server's certificate has not been confirmed yet: confirm it in Settings");
  const apiKey = await vault.getApiKey();
  if (!apiKey) throw new VaultError('invalid-value', 'No API key is stored: enter it in Settings');
  const client = await vault.getClientCredential();
  return {
    origin,
    auth: authFormFromSettings(readDeskSetting(settings, 'authForm'), readDeskSetting(settings, 'authScheme')),
    apiKey,
    pin,
    // Without a client certificate the server decides (docs/server-interface.md §Authentication): usually a 401.
    tls: { ...pinnedTlsOptions(pin), ...(client ? { cert: client.certificatePem, key: client.privateKeyPem } : {}) },
  };
}
