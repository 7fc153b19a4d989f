import Store from 'electron-store';
import type { JsonValue, SettingsStore } from '../../core/vault/settings/settings-store';

/**
 * electron-store as the desk's settings store: the same config.json format the browser host writes,
 * in the app's user-data folder. Dotted keys are never used (the vault refuses them), so
 * electron-store's dot-path access reads and writes exactly one top-level entry each.
 */
export function electronSettingsStore(): { store: SettingsStore; dir: string } {
  // 0600: the settings hold the site's address and the vault's sealed records; only this user reads them.
  const store = new Store<Record<string, JsonValue>>({ name: 'config', accessPropertiesByDotNotation: false, configFileMode: 0o600 });
  return {
    dir: store.path.replace(/[/\\][^/\\]+$/, ''),
    store: {
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      delete: (key) => store.delete(key),
    },
  };
}
