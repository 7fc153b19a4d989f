import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectionCredentials } from '../../../electron/core/vault/connection-credentials';
import { ClientCertificateImport, CredentialOverview } from '../../../shared/settings/calls';
import { CredentialSettings } from '../../../electron/core/vault/credential-settings';
import { VaultError } from '../../../electron/core/vault/errors';
import { KeyFileDataKeyStore } from '../../../electron/core/vault/keys/key-file-data-key-store';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import { Vault } from '../../../electron/core/vault/vault';
import { makeCertificate, pkcs8Pem, type TestCertificate } from '../../unit/vault/support/certificates';
import { MemoryKeyStore } from '../../unit/vault/support/memory-key-store';
import { findLeaks } from './support/scan-directory';
import { fingerprint256Of, startHttpsServer, type RunningServer } from './support/tls-servers';

const apiKey = '0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D';
let dir: string;
let serverCert: TestCertificate;
let otherCert: TestCertificate;
let client: TestCertificate;
let server: RunningServer;
let settings: JsonFileSettingsStore;
let vault: Vault;
let screen: CredentialSettings;
const agents: Agent[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-credential-settings-'));
  serverCert = await makeCertificate({ subject: 'CN=acs.site.test', ipAddresses: ['127.0.0.1'] });
  otherCert = await makeCertificate({ subject: 'CN=acs.site.test', ipAddresses: ['127.0.0.1'] });
  client = await makeCertificate({ subject: 'CN=Guard desk', kind: 'rsa' });
  server = await startHttpsServer({ certificate: serverCert, requestClientCertificate: true });
  settings = new JsonFileSettingsStore(dir);
  // The keychain is a stand-in here: the real one is tested in keychain-vault.test.ts.
  vault = new Vault(settings, { 'os-keychain': new MemoryKeyStore(), 'less-safe-key-file': new KeyFileDataKeyStore(dir) });
  screen = new CredentialSettings(settings, vault);
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function pkcs12Base64(cert: TestCertificate, password: string): string {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(pkcs8Pem(cert)),
    [forge.pki.certificateFromPem(cert.certificatePem)],
    password,
    { algorithm: 'aes256' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary').toString('base64');
}

describe('the settings screen operations, first run to first request', () => {
  it('starts on the demo site with nothing configured', async () => {
    const overview = CredentialOverview.parse(await screen.overview());
    expect(overview).toMatchObject({ demoSite: true, serverUrl: null, hasApiKey: false, clientCertificate: null });
  });

  it('refuses to pin when the certificate differs from the one the operator was shown', async () => {
    const offer = await screen.probeServer(server.origin);
    expect(offer.summary.sha256Fingerprint).toBe(fingerprint256Of(serverCert));
    const shown = fingerprint256Of(otherCert);
    const error = await screen.confirmServerCertificate(server.origin, shown).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultError);
    // Both are named: the one the operator was shown, and the one the server presents now.
    expect((error as Error).message).toContain(`You were shown SHA-256 ${shown}`);
    expect((error as Error).message).toContain(`now presents ${fingerprint256Of(serverCert)}`);
    expect((await screen.overview()).pinnedServerCertificate).toBeNull();
  });

  it('imports the client certificate from PKCS#12, stores the API key, pins the server, and connects', async () => {
    const wrongPassword = ClientCertificateImport.parse({ format: 'pkcs12', fileBase64: pkcs12Base64(client, 'pw'), password: 'nope' });
    await expect(screen.importClientCertificate(wrongPassword)).rejects.toThrow('The PKCS#12 password is wrong');

    const info = await screen.importClientCertificate(
      ClientCertificateImport.parse({ format: 'pkcs12', fileBase64: pkcs12Base64(client, 'pw'), password: 'pw' }),
    );
    await screen.setApiKey(apiKey);
    const offer = await screen.probeServer(server.origin);
    // Pasted as the administrator's tools print it, lower case and grouped by spaces: the same fingerprint.
    await screen.confirmServerCertificate(server.origin, offer.summary.sha256Fingerprint.replace(/:/g, ' ').toLowerCase());

    const overview = CredentialOverview.parse(await screen.overview());
    // Still the demo site: the desk leaves it only once the configured site has answered a connect.
    expect(overview).toMatchObject({ demoSite: true, serverUrl: server.origin, hasApiKey: true });
    expect(overview.pinnedServerCertificate?.sha256Fingerprint).toBe(fingerprint256Of(serverCert));
    expect(overview.clientCertificate?.summary.sha1Thumbprint).toBe(info.summary.sha1Thumbprint);
    expect(JSON.stringify(overview)).not.toContain(apiKey);
    expect(JSON.stringify(overview)).not.toContain('PRIVATE KEY');

    const connection = await loadConnectionCredentials(settings, vault);
    const agent = new Agent({ connect: connection.tls });
    agents.push(agent);
    const response = await request(`${connection.origin}/api`, { dispatcher: agent });
    expect(await response.body.text()).toBe('ok');
    expect(server.log.clientThumbprints.at(-1)).toBe(info.summary.sha1Thumbprint);
    expect(findLeaks(dir, [apiKey, pkcs8Pem(client)])).toEqual([]);
  });

  it('says which piece is missing before a connection is attempted', async () => {
    screen.forgetServerCertificate();
    const error = await loadConnectionCredentials(settings, vault).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultError);
    expect((error as Error).message).toMatch(/certificate has not been confirmed yet/);
  });
});
