import { createPrivateKey, type KeyObject } from 'node:crypto';
import { VaultError, reasonOf } from '../errors';
import { assembleClientCredential, type ClientCredential } from './client-credential';

export interface PemImportOptions {
  /** For an encrypted private key (ENCRYPTED PRIVATE KEY, or a legacy Proc-Type: 4,ENCRYPTED block). */
  passphrase?: string;
  now?: Date;
}

const pemBlock = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const keyLabels = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY']);

function readPrivateKey(pem: string, label: string, passphrase: string | undefined): KeyObject {
  const encrypted = label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(pem);
  if (encrypted && passphrase === undefined) {
    throw new VaultError('certificate-import', 'The private key is encrypted: enter its passphrase');
  }
  try {
    return createPrivateKey(encrypted ? { key: pem, format: 'pem', passphrase } : { key: pem, format: 'pem' });
  } catch (err) {
    if (encrypted) {
      throw new VaultError('certificate-import', 'The private key could not be decrypted: the passphrase is wrong');
    }
    throw new VaultError('certificate-import', `The ${label} block is not a readable private key: ${reasonOf(err)}`);
  }
}

/**
 * Import a client certificate and key from PEM text: one file holding both, or the certificate file and
 * the key file given separately. The key may be PKCS#1 (RSA PRIVATE KEY), SEC1 (EC PRIVATE KEY) or
 * PKCS#8, optionally encrypted. Extra certificates are kept as the chain.
 */
export function importPemCredential(texts: string | readonly string[], options: PemImportOptions = {}): ClientCredential {
  const all = (typeof texts === 'string' ? [texts] : texts).join('\n');
  const certificates: Uint8Array[] = [];
  const keys: KeyObject[] = [];
  for (const match of all.matchAll(pemBlock)) {
    const [whole, label = '', body = ''] = match;
    if (label === 'CERTIFICATE') {
      const base64 = body.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) {
        throw new VaultError('certificate-import', `Certificate ${certificates.length + 1} is not valid Base64`);
      }
      certificates.push(Buffer.from(base64, 'base64'));
    } else if (keyLabels.has(label)) {
      keys.push(readPrivateKey(whole, label, options.passphrase));
    } else {
      throw new VaultError('certificate-import', `A "${label}" block is not a certificate or a private key`);
    }
  }
  if (certificates.length === 0 && keys.length === 0) {
    throw new VaultError('certificate-import', 'No PEM certificate or private key was found in the file(s) given');
  }
  if (keys.length === 0) {
    throw new VaultError('certificate-import', 'No private key was found: give the key file as well as the certificate');
  }
  if (keys.length > 1) {
    throw new VaultError('certificate-import', `${keys.length} private keys were found; give exactly one`);
  }
  return assembleClientCredential(certificates, keys[0]!, options.now ?? new Date());
}
