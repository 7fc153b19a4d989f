import { describe, expect, it, vi } from 'vitest';
import { settingsSites, type OpenedSite } from '../../../electron/core/site-source';
import type { SettingsStore } from '../../../electron/core/vault/settings/settings-store';
import type { Vault } from '../../../electron/core/vault/vault';

function memoryStore(initial: Record<string, unknown> = {}): SettingsStore {
  const values = new Map(Object.entries(initial));
  return { get: (k) => values.get(k), set: (k, v) => void values.set(k, v), delete: (k) => void values.delete(k) };
}

const demo: OpenedSite = { config: { baseUrl: 'https://127.0.0.1:1', apiKey: 'k', auth: { kind: 'basic' }, tls: {}, demo: true }, close: async () => {} };

describe('settingsSites: which site the desk opens', () => {
  it('opens the demo site until a server is configured', async () => {
    const startDemo = vi.fn(async () => demo);
    await settingsSites(memoryStore(), {} as Vault, startDemo).open('auto');
    expect(startDemo).toHaveBeenCalledOnce();
  });

  it('remembers "back to the demo site" across restarts even with a server configured', async () => {
    const settings = memoryStore({ serverUrl: 'https://acs.example:8904', demoSite: false });
    const startDemo = vi.fn(async () => demo);
    const sites = settingsSites(settings, {} as Vault, startDemo);
    await sites.open('demo');
    // Opening alone changes nothing stored: the desk remembers a choice once its site answered.
    expect(settings.get('demoSite')).toBe(false);
    sites.remember?.('demo');
    expect(settings.get('demoSite')).toBe(true);
    await settingsSites(settings, {} as Vault, startDemo).open('auto');
    expect(startDemo).toHaveBeenCalledTimes(2);
  });

  it('says plainly what is missing when the configured site is chosen before it is set up', async () => {
    const settings = memoryStore({ serverUrl: 'https://acs.example:8904' });
    await expect(settingsSites(settings, {} as Vault, async () => demo).open('configured')).rejects.toThrow(/certificate has not been confirmed/);
    // A site that could not even be opened is not the one the desk comes back to after a restart.
    expect(settings.get('demoSite')).toBeUndefined();
  });
});
