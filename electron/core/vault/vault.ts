import { randomBytes, timingSafeEqual } from 'node:crypto';
import { KeychainUnavailableError, VaultError } from './errors';
import { credentialInfo, type ClientCredential, type ClientCredentialInfo } from './certificates/client-credential';
import { generateDataKey, type DataKeyStore, type VaultMode } from './keys/data-key-store';
import { dataKeyBytes, open, seal } from './keys/envelope';
import { LocalDataSealer } from './keys/local-data-sealer';
import { KeyFileDataKeyStore } from './keys/key-file-data-key-store';
import { KeychainDataKeyStore } from './keys/keychain-data-key-store';
import type { JsonValue, SettingsStore } from './settings/settings-store';
import { assertUsableApiKey, holdsSecrets } from './vault-record-rules';
import { ClientCredentialSecret, VaultRecord, vaultSettingsKey } from './vault-record';

/** What the settings screen shows: never a secret, only whether one is there and where its key lives. */
export interface VaultStatus {
  mode: VaultMode;
  lessSafe: boolean;
  hasApiKey: boolean;
  clientCredential: ClientCredentialInfo | null;
}

export type KeychainCheck = { available: true } | { available: false; reason: string };

/**
 * The desk's secrets: the API key and the client certificate with its private key, sealed with
 * AES-256-GCM under a random data key that lives in the OS keychain (or, only when the operator chose
 * it, a 0600 key file). The settings file holds ciphertext only.
 *
 * Operations run one at a time, so two first writes cannot each create a data key.
 */
export class Vault {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly settings: SettingsStore,
    private readonly keyStores: Record<VaultMode, DataKeyStore>,
  ) {}

  /** The usual wiring: the OS keychain, or a key file in `settingsDir` for the less-safe mode. */
  static create(settings: SettingsStore, settingsDir: string): Vault {
    return new Vault(settings, {
      'os-keychain': new KeychainDataKeyStore(),
      'less-safe-key-file': new KeyFileDataKeyStore(settingsDir),
    });
  }

  status(): VaultStatus {
    const record = this.readRecord();
    return {
      mode: record.mode,
      lessSafe: record.mode === 'less-safe-key-file',
      hasApiKey: record.apiKey !== undefined,
      clientCredential: record.clientCredentialInfo ?? null,
    };
  }

  /** Whether the OS keychain answers at all, for the settings screen to say so before anything is stored. */
  async checkKeychain(): Promise<KeychainCheck> {
    try {
      await this.keyStores['os-keychain'].read();
      return { available: true };
    } catch (err) {
      if (err instanceof KeychainUnavailableError) return { available: false, reason: err.rawReason };
      throw err;
    }
  }

  async setApiKey(entered: string): Promise<void> {
    // Pasted keys often carry a trailing newline or space; anything inside the key is still refused.
    const apiKey = entered.trim();
    assertUsableApiKey(apiKey);
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      const key = await this.dataKeyForWriting(record);
      this.writeRecord({ ...record, apiKey: seal(key, 'apiKey', Buffer.from(apiKey, 'utf8')) });
    });
  }

  getApiKey(): Promise<string | null> {
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      if (!record.apiKey) return null;
      const key = await this.dataKeyForReading(record);
      return open(key, 'apiKey', record.apiKey).toString('utf8');
    });
  }

  deleteApiKey(): Promise<void> {
    return this.exclusive(async () => this.update(({ apiKey: _gone, ...rest }) => rest));
  }

  /** Store (or replace) the client certificate and key from certificates/import-*. */
  setClientCredential(credential: ClientCredential): Promise<ClientCredentialInfo> {
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      const key = await this.dataKeyForWriting(record);
      const secret: ClientCredentialSecret = {
        certificatePem: credential.certificatePem,
        privateKeyPem: credential.privateKeyPem,
      };
      const info = credentialInfo(credential);
      this.writeRecord({
        ...record,
        clientCredential: seal(key, 'clientCredential', Buffer.from(JSON.stringify(secret), 'utf8')),
        clientCredentialInfo: info,
      });
      return info;
    });
  }

  /** The certificate chain and PKCS#8 key for mutual TLS (undici's `connect.cert` / `connect.key`). */
  getClientCredential(): Promise<ClientCredentialSecret | null> {
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      if (!record.clientCredential) return null;
      const key = await this.dataKeyForReading(record);
      return this.openCredential(key, record);
    });
  }

  deleteClientCredential(): Promise<void> {
    return this.exclusive(async () =>
      this.update(({ clientCredential: _gone, clientCredentialInfo: _info, ...rest }) => rest),
    );
  }

  /**
   * Switch where the data key lives, re-sealing any stored secrets under a fresh key in the new place.
   * The less-safe mode is refused unless `acknowledgeLessSafe` says the operator chose it knowingly.
   */
  async chooseMode(mode: VaultMode, options: { acknowledgeLessSafe?: boolean } = {}): Promise<void> {
    if (mode === 'less-safe-key-file' && options.acknowledgeLessSafe !== true) {
      throw new VaultError(
        'mode-not-chosen',
        'The less-safe key-file mode keeps the vault key in a file on disk; it must be chosen explicitly',
      );
    }
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      if (record.mode === mode) return;
      const hasSecrets = holdsSecrets(record);
      const oldKey = hasSecrets ? await this.dataKeyForReading(record) : null;
      const apiKey = oldKey && record.apiKey ? open(oldKey, 'apiKey', record.apiKey) : undefined;
      const credential = oldKey && record.clientCredential ? this.openCredential(oldKey, record) : undefined;

      const newKey = await this.createDataKey(this.storeFor(record, mode));
      const next: VaultRecord = { ...record, mode };
      if (apiKey) next.apiKey = seal(newKey, 'apiKey', apiKey);
      if (credential) {
        next.clientCredential = seal(newKey, 'clientCredential', Buffer.from(JSON.stringify(credential), 'utf8'));
      }
      // The local store's key moves with the rest, so what the store sealed stays readable.
      if (oldKey && record.localStoreKey) next.localStoreKey = seal(newKey, 'localStoreKey', open(oldKey, 'localStoreKey', record.localStoreKey));
      this.writeRecord(next);
      await this.removeKey(record).catch(() => undefined); // a key left behind unlocks nothing now
    });
  }

  /**
   * Seals and opens personal data kept in the desk's local store (electron/core/offline), under a key of
   * its own that the vault keeps sealed like the other secrets (created on first use; re-sealed on a
   * mode switch; forgotten with `deleteAll`, after which what it sealed cannot be read).
   */
  localDataSealer(): Promise<LocalDataSealer> {
    return this.exclusive(async () => {
      const record = await this.ownRecord();
      const key = await this.dataKeyForWriting(record);
      if (record.localStoreKey) return new LocalDataSealer(open(key, 'localStoreKey', record.localStoreKey));
      const storeKey = randomBytes(dataKeyBytes);
      this.writeRecord({ ...record, localStoreKey: seal(key, 'localStoreKey', storeKey) });
      return new LocalDataSealer(storeKey);
    });
  }

  /** Forget every secret and the data key: the way out when the key is lost (e.g. a reset keychain). */
  deleteAll(): Promise<void> {
    return this.exclusive(async () => {
      const record = await this.ownRecord().catch(() => this.readRecord());
      this.writeRecord({ mode: record.mode });
      await this.removeKey(record);
    });
  }

  private openCredential(key: Uint8Array, record: VaultRecord): ClientCredentialSecret {
    const plaintext = open(key, 'clientCredential', record.clientCredential).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(plaintext);
    } catch {
      // JSON.parse quotes the text it choked on, and this text holds the private key: say only what failed.
      throw new VaultError('secret-unreadable', 'The stored client certificate is not in the expected form');
    }
    const parsed = ClientCredentialSecret.safeParse(value);
    if (!parsed.success) throw new VaultError('secret-unreadable', 'The stored client certificate is incomplete');
    return parsed.data;
  }

  private async dataKeyForReading(record: VaultRecord): Promise<Uint8Array> {
    const key = await this.storeFor(record).read();
    if (key) return key;
    const where = record.mode === 'os-keychain' ? 'The OS keychain' : 'The less-safe key file';
    throw new VaultError(
      'keychain-key-missing',
      `${where} returned no vault key although secrets are stored: it may be locked (unlock it and retry), ` +
        'or the key was removed (delete the stored secrets in Settings and enter them again).',
    );
  }

  private async dataKeyForWriting(record: VaultRecord): Promise<Uint8Array> {
    const hasSecrets = holdsSecrets(record);
    // With secrets stored, a new key would orphan them: insist on the key they were sealed with.
    if (hasSecrets) return this.dataKeyForReading(record);
    const existing = await this.storeFor(record).read();
    return existing ?? this.createDataKey(this.storeFor(record));
  }

  /** Where this vault's key lives in `mode`: its own keychain entry once it has a vault id. */
  private storeFor(record: VaultRecord, mode: VaultMode = record.mode): DataKeyStore {
    const store = this.keyStores[mode];
    return record.vaultId && store.forVault ? store.forVault(record.vaultId) : store;
  }

  /**
   * Removes this vault's key from where its record says it is, but never the entry every settings
   * folder once shared (a vault without an id whose store keeps per-vault entries): another folder's
   * secrets may be sealed under it.
   */
  private async removeKey(record: VaultRecord): Promise<void> {
    if (!record.vaultId && this.keyStores[record.mode].forVault) return;
    await this.storeFor(record).remove();
  }

  /**
   * The record with a vault id of its own. A vault made before per-folder keys has its secrets sealed
   * under the entry all folders shared: that key is copied to the vault's own entry (and read back)
   * before the id is written, so a failure midway leaves the vault as it was. The shared entry stays.
   * A vault with nothing stored gets its id written with its first secret (nothing is written before).
   */
  private async ownRecord(): Promise<VaultRecord> {
    const record = this.readRecord();
    if (record.vaultId) return record;
    const owned: VaultRecord = { ...record, vaultId: randomBytes(16).toString('base64url') };
    const hasSecrets = holdsSecrets(record);
    const shared = this.keyStores[record.mode];
    if (hasSecrets && shared.forVault) {
      const key = await shared.read();
      if (!key) return record; // nothing to move: reading says the key is missing, as before
      await this.keepKey(shared.forVault(owned.vaultId!), key);
      this.writeRecord(owned);
    }
    return owned;
  }

  private async createDataKey(store: DataKeyStore): Promise<Uint8Array> {
    return this.keepKey(store, generateDataKey());
  }

  private async keepKey(store: DataKeyStore, key: Uint8Array): Promise<Uint8Array> {
    await store.write(key);
    // A locked keychain may accept a write and keep nothing; only a key read back is a key kept.
    const kept = await store.read();
    if (!kept || kept.length !== key.length || !timingSafeEqual(kept, key)) {
      throw store.mode === 'os-keychain'
        ? new KeychainUnavailableError('it did not keep the vault key; is it locked?')
        : new VaultError('key-file-unsafe', 'The vault key file did not keep the key written to it');
    }
    return key;
  }

  private readRecord(): VaultRecord {
    const stored = this.settings.get(vaultSettingsKey);
    if (stored === undefined) return { mode: 'os-keychain' };
    const parsed = VaultRecord.safeParse(stored);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new VaultError('settings-file', `The vault entry in settings is malformed at ${issue?.path.join('.') || 'its top level'}`);
    }
    return parsed.data;
  }

  private writeRecord(record: VaultRecord): void {
    this.settings.set(vaultSettingsKey, record as unknown as JsonValue);
  }

  private update(change: (record: VaultRecord) => VaultRecord): void {
    this.writeRecord(change(this.readRecord()));
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
