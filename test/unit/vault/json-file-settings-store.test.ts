import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// electron-store's own storage layer: the independent judge that the two read each other's files.
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('JSON file settings store', () => {
  it('writes a flat, tab-indented JSON object to config.json, as electron-store does', () => {
    const store = new JsonFileSettingsStore(join(dir, 'settings'));
    store.set('serverUrl', 'https://127.0.0.1:8904');
    store.set('demoSite', false);
    store.set('nested', { a: [1, 2], b: null });
    const text = readFileSync(join(dir, 'settings', 'config.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({ serverUrl: 'https://127.0.0.1:8904', demoSite: false, nested: { a: [1, 2], b: null } });
    expect(text).toBe(JSON.stringify(JSON.parse(text), undefined, '\t'));
  });

  it('writes byte for byte what electron-store writes, and each reads the other', () => {
    const electronStore = new Conf<Record<string, unknown>>({ cwd: join(dir, 'electron'), configName: 'config' });
    const ours = new JsonFileSettingsStore(join(dir, 'ours'));
    for (const [key, value] of [['serverUrl', 'https://127.0.0.1:8904'], ['vault', { mode: 'os-keychain', apiKey: { v: 1 } }]] as const) {
      electronStore.set(key, value);
      ours.set(key, value);
    }
    expect(readFileSync(join(dir, 'ours', 'config.json'), 'utf8')).toBe(readFileSync(electronStore.path, 'utf8'));
    expect(new JsonFileSettingsStore(join(dir, 'electron')).get('vault')).toEqual({ mode: 'os-keychain', apiKey: { v: 1 } });
    ours.set('demoSite', false);
    expect(new Conf<Record<string, unknown>>({ cwd: join(dir, 'ours'), configName: 'config' }).get('demoSite')).toBe(false);
  });

  it('reads back what another store instance wrote, and deletes keys', () => {
    new JsonFileSettingsStore(dir).set('authForm', 'basic');
    const store = new JsonFileSettingsStore(dir);
    expect(store.get('authForm')).toBe('basic');
    expect(store.get('missing')).toBeUndefined();
    store.delete('authForm');
    expect(new JsonFileSettingsStore(dir).get('authForm')).toBeUndefined();
  });

  it('keeps a saved value from changing when the caller mutates its object later', () => {
    const store = new JsonFileSettingsStore(dir);
    const value = { list: ['a'] };
    store.set('layout', value);
    value.list.push('b');
    expect(store.get('layout')).toEqual({ list: ['a'] });
  });

  it('leaves no temporary files and makes the file private to the user', () => {
    const store = new JsonFileSettingsStore(dir);
    for (let i = 0; i < 5; i++) store.set('counter', i);
    expect(readdirSync(dir)).toEqual(['config.json']);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('refuses keys with dots, which electron-store would store as nested paths', () => {
    const store = new JsonFileSettingsStore(dir);
    expect(() => store.set('server.url', 'x')).toThrow(/no dots/);
  });

  it('reports a corrupt file by name without quoting its content', () => {
    writeFileSync(join(dir, 'config.json'), '{"vault": {"apiKey": "c2VjcmV0LWN')
    const store = new JsonFileSettingsStore(dir);
    expect(() => store.get('vault')).toThrow(`The settings file ${join(dir, 'config.json')} is not valid JSON`);
    writeFileSync(join(dir, 'config.json'), '[1, 2]');
    expect(() => store.get('vault')).toThrow(/does not hold a JSON object/);
  });
});
