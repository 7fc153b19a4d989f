/** A value that survives a JSON round trip unchanged: what a settings file can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Where Gatehouse keeps its settings: one flat object of JSON values by key. electron-store satisfies
 * this shape as it is (its `get`/`set`/`delete`), so the Electron shell passes one in; the browser host
 * and the tests use JsonFileSettingsStore, which writes the same file format.
 *
 * Keys are plain words: electron-store reads a dot as a path into nested objects, so a key with a dot
 * would be stored differently by the two implementations; the file store refuses one.
 */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: JsonValue): void;
  delete(key: string): void;
}

const plainKey = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function assertPlainKey(key: string): void {
  if (!plainKey.test(key)) {
    throw new TypeError(`Settings key "${key.slice(0, 40)}" must be letters, digits, "-" or "_" (no dots)`);
  }
}
