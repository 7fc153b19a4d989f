import type { CredentialOverview, ServerCertificateOffer } from '../../../shared/settings/calls';
import type { DeskSocket } from './desk-socket';

/** What an operator is handed to configure a desk for a site: its address, certificate fingerprint and credentials. */
export interface SiteCredentials {
  url: string;
  /** SHA-256 of the server's certificate, as X509Certificate.fingerprint256 gives it. */
  serverFingerprint256: string;
  apiKey: string;
  clientCertPem: string;
  clientKeyPem: string;
}

/**
 * The Settings screen's steps through the desk socket, in the screen's order: fetch the server's
 * certificate and trust it once its fingerprint is the site's own, choose where the vault keeps its
 * key, store the API key, import the client certificate and key (PEM). Answers the vault mode chosen:
 * the OS keychain when a Secret Service answers, else the less-safe key file with its acknowledgement
 * (benches and tests must run without one). The screen itself is tested by the settings specs; this
 * is for tests and benches about something else that need a configured desk quickly.
 */
export async function applySiteSettings(desk: DeskSocket, site: SiteCredentials): Promise<string> {
  const offer = await desk.call<ServerCertificateOffer>('settings.probeServer', { serverUrl: site.url });
  if (offer.summary.sha256Fingerprint !== site.serverFingerprint256) {
    throw new Error(`the server at ${site.url} shows certificate ${offer.summary.sha256Fingerprint}, not the site's ${site.serverFingerprint256}`);
  }
  await desk.call('settings.confirmServer', { serverUrl: site.url, sha256Fingerprint: offer.summary.sha256Fingerprint });
  const overview = await desk.call<CredentialOverview>('settings.overview');
  const mode = overview.keychain.available ? 'os-keychain' : 'less-safe-key-file';
  await desk.call('settings.chooseVaultMode', { mode, acknowledgeLessSafe: mode === 'less-safe-key-file' });
  await desk.call('settings.setApiKey', { apiKey: site.apiKey });
  await desk.call('settings.importCertificate', { format: 'pem', texts: [site.clientCertPem, site.clientKeyPem] });
  return overview.keychain.available ? mode : `${mode} (no Secret Service answered)`;
}
