import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type ElectronStore from 'electron-store';
import { afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { clearDeskSetting, readDeskSetting, writeDeskSetting } from '../../../electron/core/vault/settings/desk-settings';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import type { SettingsStore } from '../../../electron/core/vault/settings/settings-store';
import { pinForCertificate, type ServerCertificatePin } from '../../../electron/core/vault/pinning/server-certificate-pin';
import { makeCertificate } from './support/certificates';

let dir: string;
let store: JsonFileSettingsStore;
let pin: ServerCertificatePin;

beforeAll(async () => {
  pin = pinForCertificate((await makeCertificate({ subject: 'CN=demo.gatehouse' })).certificatePem);
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-desk-settings-'));
  store = new JsonFileSettingsStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('desk settings', () => {
  it('keeps the plain settings as plain values, checked on the way in and out', () => {
    writeDeskSetting(store, 'serverUrl', 'https://127.0.0.1:8904');
    writeDeskSetting(store, 'authForm', 'basic');
    writeDeskSetting(store, 'demoSite', false);
    writeDeskSetting(store, 'serverCertificatePin', pin);
    const fresh = new JsonFileSettingsStore(dir);
    expect(readDeskSetting(fresh, 'serverUrl')).toBe('https://127.0.0.1:8904');
    expect(readDeskSetting(fresh, 'authForm')).toBe('basic');
    expect(readDeskSetting(fresh, 'demoSite')).toBe(false);
    expect(readDeskSetting(fresh, 'serverCertificatePin')).toEqual(pin);
    clearDeskSetting(fresh, 'serverCertificatePin');
    expect(readDeskSetting(fresh, 'serverCertificatePin')).toBeUndefined();
  });

  it('refuses a server URL that is not https, and says so', () => {
    expect(() => writeDeskSetting(store, 'serverUrl', 'http://127.0.0.1:8904')).toThrow(/must be an https:\/\/ address/);
    expect(store.get('serverUrl')).toBeUndefined();
  });

  it('reports a hand-edited, malformed setting by name', () => {
    store.set('authForm', 'telnet');
    expect(() => readDeskSetting(store, 'authForm')).toThrow(/"authForm" setting is malformed/);
  });

  it('pins a known certificate (the demo site) by its SHA-256 fingerprint', () => {
    expect(pin.sha256Fingerprint).toBe(pin.summary.sha256Fingerprint);
    expect(pin.summary.subject).toBe('CN=demo.gatehouse');
  });

  it('accepts electron-store wherever a settings store is wanted', () => {
    // Type-level: the Electron shell passes its electron-store instance straight in.
    expectTypeOf<ElectronStore>().toExtend<SettingsStore>();
  });
});
