import { beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader, authFormFromSettings, DEFAULT_AUTH } from '../../../electron/core/api/auth';
import { settingsSites } from '../../../electron/core/site-source';
import { CredentialSettings } from '../../../electron/core/vault/credential-settings';
import { pinForCertificate, type ServerCertificatePin } from '../../../electron/core/vault/pinning/server-certificate-pin';
import type { SettingsStore } from '../../../electron/core/vault/settings/settings-store';
import type { Vault } from '../../../electron/core/vault/vault';
import { calls } from '../../../shared/contract';
import { authSchemeProblem, AuthSchemeWord } from '../../../shared/settings/auth-scheme';
import { makeCertificate } from '../vault/support/certificates';

function memoryStore(initial: Record<string, unknown> = {}): SettingsStore {
  const values = new Map(Object.entries(initial));
  return { get: (k) => values.get(k), set: (k, v) => void values.set(k, v), delete: (k) => void values.delete(k) };
}

/** Only what the auth settings read: a stored key, no client certificate, a keychain that answers. */
const vault = {
  status: () => ({ mode: 'os-keychain', lessSafe: false, hasApiKey: true, clientCredential: null }),
  checkKeychain: async () => ({ available: true }),
  getApiKey: async () => '0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D',
  getClientCredential: async () => null,
} as unknown as Vault;

let pin: ServerCertificatePin;
beforeAll(async () => {
  pin = pinForCertificate((await makeCertificate({ subject: 'CN=acs.site.test' })).certificatePem);
});

const configured = (extra: Record<string, unknown> = {}) =>
  memoryStore({ serverUrl: 'https://acs.site.test:8904', serverCertificatePin: pin, demoSite: false, ...extra });
const headerOf = async (settings: SettingsStore) => {
  const { config } = await settingsSites(settings, vault, () => Promise.reject(new Error('no demo here'))).open('configured');
  return authorizationHeader(config.auth, config.apiKey);
};

describe('the Authorization header a configured desk sends', () => {
  it('is GGL-API-KEY and the key by default', async () => {
    // cc_rest.yaml securitySchemes.API_key: `Authorization: GGL-API-KEY C774-B01F-…`
    expect(DEFAULT_AUTH).toEqual({ kind: 'scheme', scheme: 'GGL-API-KEY' });
    expect(await headerOf(configured())).toBe('GGL-API-KEY 0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D');
  });

  it("reads an older desk's stored 'api-key-scheme' (no word stored) as GGL-API-KEY", async () => {
    expect(await headerOf(configured({ authForm: 'api-key-scheme' }))).toBe('GGL-API-KEY 0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D');
    expect(authFormFromSettings('api-key-scheme', undefined)).toEqual({ kind: 'scheme', scheme: 'GGL-API-KEY' });
  });

  it('sends Basic as a blank user name, a colon and the key; a custom word exactly as stored', async () => {
    // cc_rest.yaml securitySchemes.basic: the vendor's example key in Basic form.
    expect(authorizationHeader({ kind: 'basic' }, 'C774-B01F-D695-AA4B-215F-A158-AC22-ADEB')).toBe(
      'Basic OkM3NzQtQjAxRi1ENjk1LUFBNEItMjE1Ri1BMTU4LUFDMjItQURFQg==',
    );
    expect(await headerOf(configured({ authForm: 'basic', authScheme: 'X-GATEWAY-KEY' }))).toMatch(/^Basic Oj/);
    expect(await headerOf(configured({ authForm: 'api-key-scheme', authScheme: 'X-Gateway-Key' }))).toBe(
      'X-Gateway-Key 0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D',
    );
  });

  it('refuses to start from a settings file whose scheme word is unusable, saying so', async () => {
    await expect(headerOf(configured({ authScheme: 'GGL API KEY' }))).rejects.toThrow(/"authScheme" setting is malformed: The scheme word is one word/);
  });
});

describe('choosing the form and the scheme word in Settings', () => {
  it('keeps the word when only the form changes, and shows the word in use', async () => {
    const settings = configured();
    const screen = new CredentialSettings(settings, vault);
    expect(await screen.overview()).toMatchObject({ authForm: 'api-key-scheme', authScheme: 'GGL-API-KEY' });
    screen.setAuthForm({ authForm: 'api-key-scheme', scheme: 'X-GATEWAY-KEY' });
    screen.setAuthForm({ authForm: 'basic' });
    expect(await screen.overview()).toMatchObject({ authForm: 'basic', authScheme: 'X-GATEWAY-KEY' });
    screen.setAuthForm({ authForm: 'api-key-scheme' });
    expect(await screen.overview()).toMatchObject({ authForm: 'api-key-scheme', authScheme: 'X-GATEWAY-KEY' });
    expect(await headerOf(settings)).toBe('X-GATEWAY-KEY 0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D');
  });

  it('refuses a bad word with the reason and changes nothing', async () => {
    const settings = configured({ authForm: 'basic' });
    const screen = new CredentialSettings(settings, vault);
    expect(() => screen.setAuthForm({ authForm: 'api-key-scheme', scheme: 'GGL API-KEY' })).toThrow(/one word: it cannot contain spaces/);
    expect(await screen.overview()).toMatchObject({ authForm: 'basic', authScheme: 'GGL-API-KEY' });
  });

  it('checks the word at the contract, before main acts on it', () => {
    const params = calls['settings.setAuthForm'].params;
    expect(params.safeParse({ authForm: 'api-key-scheme', scheme: 'GGL-API-KEY' }).success).toBe(true);
    expect(params.safeParse({ authForm: 'api-key-scheme' }).success).toBe(true);
    expect(params.safeParse({ authForm: 'basic' }).success).toBe(true);
    const refused = params.safeParse({ authForm: 'api-key-scheme', scheme: 'KEY:' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/cannot contain ":"/);
    // Basic carries no word: a word sent with it is a malformed call.
    expect(params.safeParse({ authForm: 'basic', scheme: 'GGL-API-KEY' }).success).toBe(false);
  });
});

describe('what a scheme word may be', () => {
  it('takes one HTTP token of printable ASCII', () => {
    for (const word of ['GGL-API-KEY', 'X-Gateway-Key', 'Token', "a!#$%&'*+-.^_`|~9"]) expect(authSchemeProblem(word), word).toBeUndefined();
    expect(AuthSchemeWord.safeParse('GGL-API-KEY').success).toBe(true);
  });

  it('refuses what would break the header, each with its reason', () => {
    expect(authSchemeProblem('')).toMatch(/Type the scheme word \(GGL-API-KEY unless/);
    expect(authSchemeProblem('   ')).toMatch(/Type the scheme word/);
    expect(authSchemeProblem('GGL API')).toMatch(/cannot contain spaces/);
    expect(authSchemeProblem('GGL\tAPI')).toMatch(/cannot contain spaces/);
    expect(authSchemeProblem('KEY:')).toMatch(/cannot contain ":": use letters, digits and/);
    expect(authSchemeProblem('"KEY"')).toMatch(/cannot contain """/);
    expect(authSchemeProblem('CLÉ')).toMatch(/cannot contain the character U\+00C9/);
    expect(authSchemeProblem('KEY\u0000')).toMatch(/U\+0000/);
    expect(authSchemeProblem('K'.repeat(65))).toMatch(/at most 64 characters/);
    expect(authSchemeProblem('basic')).toMatch(/choose "Basic" instead/);
    // A key pasted into the wrong field would be stored and audited in plain text: refused.
    expect(authSchemeProblem('0A1B-2C3D-4E5F-6A7B-8C9D-0E1F-2A3B-4C5D')).toMatch(/looks like the API key: it goes under "API key"/);
    expect(authSchemeProblem('GGL-API-KEY-0A1B-2C3D-4E5F-6A7B')).toMatch(/looks like the API key/);
    expect(authSchemeProblem('Basic')).toMatch(/choose "Basic" instead/);
  });
});
