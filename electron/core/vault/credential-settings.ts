import { importPemCredential } from './certificates/import-pem';
import type { ClientCredentialInfo } from './certificates/client-credential';
import { STANDARD_AUTH_SCHEME } from '../../../shared/settings/auth-scheme';
import type { AuthFormChoice, ClientCertificateImport, CredentialOverview, ServerCertificateOffer } from '../../../shared/settings/calls';
import { normalizeFingerprint } from '../../../shared/settings/fingerprint';
import { KeychainUnavailableError, VaultError } from './errors';
import { keychainWords } from './keychain-words';
import type { VaultMode } from './keys/data-key-store';
import { probeServerCertificate } from './pinning/probe-server-certificate';
import { pinFromProbe, type ServerCertificatePin } from './pinning/server-certificate-pin';
import { serverEndpoint } from './pinning/server-origin';
import { clearDeskSetting, readDeskSetting, writeDeskSetting } from './settings/desk-settings';
import type { SettingsStore } from './settings/settings-store';
import type { Vault } from './vault';

/**
 * What the settings / first-run screen does, in main: every operation an operator needs for the client
 * certificate, the API key and the server pin, without a terminal. Results describe; they never return
 * a secret, so the composition root can pass them straight over the contract.
 */
export class CredentialSettings {
  constructor(
    private readonly settings: SettingsStore,
    private readonly vault: Vault,
    private readonly probe: typeof probeServerCertificate = probeServerCertificate,
  ) {}

  async overview(): Promise<CredentialOverview> {
    const status = this.vault.status();
    const keychain = await this.vault.checkKeychain();
    const pin = readDeskSetting(this.settings, 'serverCertificatePin');
    const serverUrl = readDeskSetting(this.settings, 'serverUrl') ?? null;
    return {
      vaultMode: status.mode,
      lessSafe: status.lessSafe,
      // Shown inside "Where secrets are kept", just above the less-safe choice (or under it, once it is in use).
      keychain: keychain.available
        ? keychain
        : { available: false, reason: keychainWords(keychain.reason, status.lessSafe ? '' : 'or use the less-safe key file below') },
      hasApiKey: status.hasApiKey,
      clientCertificate: status.clientCredential,
      serverUrl,
      authForm: readDeskSetting(this.settings, 'authForm') ?? 'api-key-scheme',
      authScheme: readDeskSetting(this.settings, 'authScheme') ?? STANDARD_AUTH_SCHEME,
      pinnedServerCertificate: pin?.summary ?? null,
      // The desk leaves the demo site only once the configured site has answered (Desk.switchTo).
      demoSite: readDeskSetting(this.settings, 'demoSite') !== false || serverUrl === null,
    };
  }

  setApiKey(apiKey: string): Promise<void> {
    return withKeychainWords('The API key was not stored', () => this.vault.setApiKey(apiKey));
  }

  deleteApiKey(): Promise<void> {
    return this.vault.deleteApiKey();
  }

  /** Import (or replace) the client certificate; the result shows what the server's client item must pin. */
  async importClientCertificate(input: ClientCertificateImport): Promise<ClientCredentialInfo> {
    const credential =
      input.format === 'pem'
        ? importPemCredential(input.texts, input.passphrase === undefined ? {} : { passphrase: input.passphrase })
        : (await pkcs12Reader())(Buffer.from(input.fileBase64, 'base64'), input.password);
    return withKeychainWords('The client certificate was not stored', () => this.vault.setClientCredential(credential));
  }

  deleteClientCertificate(): Promise<void> {
    return this.vault.deleteClientCredential();
  }

  chooseVaultMode(mode: VaultMode, acknowledgeLessSafe = false): Promise<void> {
    return this.vault.chooseMode(mode, { acknowledgeLessSafe });
  }

  /** First contact: fetch the server's certificate (handshake only) for the operator to look at. */
  async probeServer(serverUrl: string): Promise<ServerCertificateOffer> {
    const { origin, summary, trustedBySystem } = await this.probe(serverUrl);
    return { origin, summary, trustedBySystem };
  }

  /**
   * Pin the server certificate the operator confirmed. The fingerprint they saw comes back with the
   * confirmation and is compared with a fresh handshake, so what is pinned is exactly what was shown,
   * even if the server (or something in between) changed certificate since the probe.
   */
  async confirmServerCertificate(serverUrl: string, sha256Fingerprint: string): Promise<ServerCertificatePin> {
    const { origin } = serverEndpoint(serverUrl);
    const shown = normalizeFingerprint(sha256Fingerprint);
    if (!shown) {
      throw new VaultError('invalid-value', 'A SHA-256 fingerprint is 64 hex digits (AA:BB:… or grouped by spaces): check what was pasted');
    }
    const probe = await this.probe(origin);
    if (probe.summary.sha256Fingerprint !== shown) {
      throw new VaultError(
        'server-certificate',
        `The server's certificate changed after it was shown. You were shown SHA-256 ${shown}; ${origin} now presents ` +
          `${probe.summary.sha256Fingerprint}. Nothing was trusted: fetch the certificate again and compare it with the one ` +
          "your server's administrator gave you.",
      );
    }
    const pin = pinFromProbe(probe);
    writeDeskSetting(this.settings, 'serverUrl', origin);
    writeDeskSetting(this.settings, 'serverCertificatePin', pin);
    return pin;
  }

  forgetServerCertificate(): void {
    clearDeskSetting(this.settings, 'serverCertificatePin');
  }

  /**
   * The key form, with its scheme word when one is given (otherwise the stored word stays), or Basic.
   * The word is checked before anything is written, so a refused word changes nothing.
   */
  setAuthForm(choice: AuthFormChoice): void {
    if (choice.authForm === 'api-key-scheme' && choice.scheme !== undefined) {
      writeDeskSetting(this.settings, 'authScheme', choice.scheme);
    }
    writeDeskSetting(this.settings, 'authForm', choice.authForm);
  }
}

/** The PKCS#12 reader (node-forge) loads with the first .p12 import, not at every start. */
async function pkcs12Reader() {
  return (await import('./certificates/import-pkcs12')).importPkcs12Credential;
}

/** Runs a store operation; a keychain failure comes back as `what` was not done, said for someone already in Settings. */
async function withKeychainWords<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof KeychainUnavailableError) throw new VaultError('keychain-unavailable', `${what}. ${keychainWords(err.rawReason)}`);
    throw err;
  }
}
