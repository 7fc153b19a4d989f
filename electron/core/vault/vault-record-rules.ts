import { VaultError } from './errors';
import type { VaultRecord } from './vault-record';

const maxApiKeyLength = 512;

/** A record holding anything sealed under the data key: a new data key would orphan it. */
export function holdsSecrets(record: VaultRecord): boolean {
  return record.apiKey !== undefined || record.clientCredential !== undefined || record.localStoreKey !== undefined;
}

export function assertUsableApiKey(apiKey: string): void {
  // The key goes into an HTTP header: control characters or spaces would break or inject into it.
  if (apiKey.length === 0) throw new VaultError('invalid-value', 'The API key is empty');
  if (apiKey.length > maxApiKeyLength) {
    throw new VaultError('invalid-value', `The API key is longer than ${maxApiKeyLength} characters`);
  }
  if (/[^\x21-\x7e]/.test(apiKey)) {
    throw new VaultError('invalid-value', 'The API key contains spaces, control or non-ASCII characters');
  }
}
