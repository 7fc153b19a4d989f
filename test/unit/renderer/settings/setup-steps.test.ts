import { describe, expect, it } from 'vitest';
import type { CredentialOverview } from '../../../../shared/settings/calls';
import type { CertificateSummary } from '../../../../shared/settings/certificate-summary';
import { isFirstRun, readyToConnect, setupSteps, stepNumber } from '../../../../renderer/src/settings/lib/setup-steps';

const summary: CertificateSummary = {
  subject: 'CN=server',
  issuer: 'CN=server',
  serialNumber: '01',
  notBefore: '2026-01-01T00:00:00.000Z',
  notAfter: '2027-01-01T00:00:00.000Z',
  validity: 'valid',
  sha1Thumbprint: 'A'.repeat(40),
  sha256Fingerprint: Array(32).fill('AB').join(':'),
};

const fresh: CredentialOverview = {
  vaultMode: 'os-keychain',
  lessSafe: false,
  keychain: { available: true },
  hasApiKey: false,
  clientCertificate: null,
  serverUrl: null,
  authForm: 'api-key-scheme',
  authScheme: 'GGL-API-KEY',
  pinnedServerCertificate: null,
  demoSite: true,
};

describe('setupSteps', () => {
  it('a fresh desk has every step to do and is on its first run', () => {
    expect(setupSteps(fresh).map((s) => [s.id, s.done])).toEqual([
      ['server', false],
      ['secrets', true],
      ['api-key', false],
      ['client-certificate', false],
    ]);
    expect(readyToConnect(fresh)).toBe(false);
    expect(isFirstRun(fresh)).toBe(true);
  });

  it('is ready to connect only once the server is pinned, the key stored and the certificate imported', () => {
    const configured: CredentialOverview = {
      ...fresh,
      serverUrl: 'https://127.0.0.1:8904',
      pinnedServerCertificate: summary,
      hasApiKey: true,
      clientCertificate: { summary, keyDescription: 'EC P-256', chainLength: 0 },
      demoSite: false,
    };
    expect(readyToConnect(configured)).toBe(true);
    expect(isFirstRun(configured)).toBe(false);
    expect(readyToConnect({ ...configured, hasApiKey: false })).toBe(false);
    expect(readyToConnect({ ...configured, clientCertificate: null })).toBe(false);
    expect(readyToConnect({ ...configured, pinnedServerCertificate: null })).toBe(false);
  });

  it('asks where the secrets are kept, as a step of its own, when there is no keychain', () => {
    const noKeychain: CredentialOverview = { ...fresh, keychain: { available: false, reason: 'none' } };
    expect(setupSteps(noKeychain).find((s) => s.id === 'secrets')?.done).toBe(false);
    expect(setupSteps({ ...noKeychain, vaultMode: 'less-safe-key-file', lessSafe: true }).find((s) => s.id === 'secrets')?.done).toBe(true);
    // It comes before the API key and the client certificate, the two secrets that need it.
    expect(setupSteps(fresh).map((s) => s.id)).toEqual(['server', 'secrets', 'api-key', 'client-certificate']);
    expect(stepNumber('secrets')).toBe(2);
    expect(stepNumber('connect')).toBe(5);
  });
});
