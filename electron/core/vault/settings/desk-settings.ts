import { z } from 'zod';
import { AuthSchemeWord } from '../../../../shared/settings/auth-scheme';
import { AuthFormName } from '../../../../shared/settings/calls';
import { VaultError } from '../errors';
import { ServerCertificatePin } from '../pinning/server-certificate-pin';
import type { JsonValue, SettingsStore } from './settings-store';

/**
 * The desk's plain (non-secret) settings, one settings key each. Secrets are never among them: the
 * API key and client credential live sealed in the vault's own entry.
 */
export const deskSettingSchemas = {
  /** The server's origin, e.g. https://acs.example:8904; absent until configured (demo site meanwhile). */
  serverUrl: z.url({ protocol: /^https$/, error: 'The server URL must be an https:// address' }),
  /** docs/server-interface.md §Authentication: the key after a scheme word, or (from 9.0) Basic. */
  authForm: AuthFormName,
  /** The key form's scheme word; absent (older desks, or never changed) means GGL-API-KEY. */
  authScheme: AuthSchemeWord,
  /** The server certificate the operator confirmed on first contact. */
  serverCertificatePin: ServerCertificatePin,
  /** True while the desk runs against the embedded demo site (the default until configured). */
  demoSite: z.boolean(),
} as const;

export type DeskSettingName = keyof typeof deskSettingSchemas;
export type DeskSettingValue<K extends DeskSettingName> = z.infer<(typeof deskSettingSchemas)[K]>;

/** Read one plain setting; undefined when unset, a clear error when the file holds something unusable. */
export function readDeskSetting<K extends DeskSettingName>(store: SettingsStore, name: K): DeskSettingValue<K> | undefined {
  const stored = store.get(name);
  if (stored === undefined) return undefined;
  const parsed = deskSettingSchemas[name].safeParse(stored);
  if (!parsed.success) {
    throw new VaultError('settings-file', `The "${name}" setting is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data as DeskSettingValue<K>;
}

/** Check and write one plain setting; a value that does not fit is refused with the reason. */
export function writeDeskSetting<K extends DeskSettingName>(store: SettingsStore, name: K, value: DeskSettingValue<K>): void {
  const parsed = deskSettingSchemas[name].safeParse(value);
  if (!parsed.success) {
    throw new VaultError('invalid-value', `The "${name}" setting was refused: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  store.set(name, parsed.data as JsonValue);
}

export function clearDeskSetting(store: SettingsStore, name: DeskSettingName): void {
  store.delete(name);
}
