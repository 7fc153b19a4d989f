import { DeskError, type ErrorCode } from '../../../shared/errors';
import { KEY_FILE_WAY_OUT, keychainWords } from './keychain-words';

/**
 * Every way the vault, certificate import or server pinning can fail, each named for what the operator
 * can do about it. Messages never carry a secret: no API key, no key material, no password, no file
 * content; only what was wrong and where.
 */
export type VaultFailure =
  | 'keychain-unavailable' // no Secret Service / Keychain / Credential Manager reachable, or it refused to keep the key
  | 'keychain-key-missing' // secrets exist but the keychain returned no data key (locked, or the key was removed)
  | 'secret-unreadable' // an encrypted value failed its integrity check or has an unknown envelope version
  | 'key-file-unsafe' // the less-safe key file is readable by others or malformed
  | 'mode-not-chosen' // a secret store was refused because the less-safe mode was not explicitly chosen
  | 'settings-file' // the settings file is unreadable or not a JSON object
  | 'certificate-import' // a certificate/key file is malformed, mismatched or unsupported
  | 'pkcs12-password' // the PKCS#12 password is wrong
  | 'server-certificate' // the server's certificate could not be fetched, or is not the pinned one
  | 'invalid-value'; // a caller passed a value the vault does not accept

/**
 * The contract has a fixed set of codes (shared/errors.ts); this one table decides which each vault
 * failure travels as, so adding a dedicated code later is a one-line change.
 */
const contractCode: Record<VaultFailure, ErrorCode> = {
  'keychain-unavailable': 'keychain',
  'keychain-key-missing': 'keychain',
  'secret-unreadable': 'credentials',
  'key-file-unsafe': 'keychain',
  'mode-not-chosen': 'keychain',
  'settings-file': 'credentials',
  'certificate-import': 'credentials',
  'pkcs12-password': 'credentials',
  'server-certificate': 'certificate',
  'invalid-value': 'bad-request',
};

export class VaultError extends DeskError {
  constructor(
    readonly failure: VaultFailure,
    message: string,
  ) {
    super(contractCode[failure], message);
    this.name = 'VaultError';
  }
}

/**
 * The OS keychain cannot be used. The message is in words with the way out (the key file in Settings),
 * whatever screen it reaches; the library's own text (a D-Bus autolaunch message) is kept apart in
 * `rawReason` for the log and for choosing the words, never shown.
 */
export class KeychainUnavailableError extends VaultError {
  constructor(readonly rawReason: string) {
    super('keychain-unavailable', keychainWords(rawReason, KEY_FILE_WAY_OUT, 'try again'));
    this.name = 'KeychainUnavailableError';
  }
}

/** Thrown when the server presented a certificate other than the pinned one; nothing was sent. */
export class CertificateMismatchError extends VaultError {
  constructor(
    readonly expectedSha256: string,
    readonly presentedSha256: string | null,
  ) {
    super(
      'server-certificate',
      `The server's certificate is not the pinned one: expected SHA-256 ${expectedSha256}, ` +
        `server presented ${presentedSha256 ?? 'a certificate that could not be read'}. ` +
        'Nothing was sent. If the server certificate was replaced on purpose, confirm the new one in Settings.',
    );
    this.name = 'CertificateMismatchError';
  }
}

/**
 * A short, secret-free reason from a library error: its first line, capped. Library errors here
 * (D-Bus, OpenSSL, node-forge) describe the failure, never the data, but the cap keeps a surprise short.
 */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const firstLine = text.split('\n')[0] ?? '';
  return firstLine.length > 160 ? `${firstLine.slice(0, 157)}...` : firstLine;
}
