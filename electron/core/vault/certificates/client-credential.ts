import type { KeyObject } from 'node:crypto';
import { VaultError } from '../errors';
import type { CertificateSummary } from '../../../../shared/settings/certificate-summary';
import { describeCertificate, parseCertificate } from './describe-certificate';

/**
 * A client certificate and its private key, ready for the vault and for mutual TLS. The PEM fields are
 * the secret part (the key) and its companion (the certificate, encrypted alongside it); `summary` and
 * `keyDescription` are what the operator is shown and may cross the contract.
 */
export interface ClientCredential {
  /** The client certificate first, then any chain certificates that came with it. */
  certificatePem: string;
  /** PKCS#8, unencrypted: it is only ever held in memory or inside the vault's encryption. */
  privateKeyPem: string;
  summary: CertificateSummary;
  /** e.g. "RSA 2048-bit" or "EC P-256". */
  keyDescription: string;
  /** How many certificates beyond the client certificate came with it. */
  chainLength: number;
}

/** What the operator is shown about an imported credential: everything but the PEMs. */
export type ClientCredentialInfo = Omit<ClientCredential, 'certificatePem' | 'privateKeyPem'>;

export function credentialInfo(credential: ClientCredential): ClientCredentialInfo {
  const { summary, keyDescription, chainLength } = credential;
  return { summary, keyDescription, chainLength };
}

function toPem(der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

/** OpenSSL's curve names as operators and certificate tools usually show them. */
const curveNames: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

function describeKey(key: KeyObject): string {
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return `RSA ${details?.modulusLength ?? '?'}-bit`;
    case 'ec':
      return `EC ${curveNames[details?.namedCurve ?? ''] ?? details?.namedCurve ?? '?'}`;
    default:
      return String(key.asymmetricKeyType ?? 'unknown').toUpperCase();
  }
}

/**
 * Pair a private key with the certificate it belongs to, from however many certificates the file held.
 * A key that matches none of them is refused: a mismatched pair would fail every TLS handshake, and the
 * operator is better told now, at import, than by the server's 401 later.
 */
export function assembleClientCredential(
  certificates: readonly Uint8Array[],
  privateKey: KeyObject,
  now: Date,
): ClientCredential {
  if (certificates.length === 0) {
    throw new VaultError('certificate-import', 'No certificate was found; a client certificate is needed with its key');
  }
  if (privateKey.type !== 'private') {
    throw new VaultError('certificate-import', 'The key given is not a private key');
  }
  const parsed = certificates.map((der, i) => ({ der, cert: parseCertificate(der, `Certificate ${i + 1}`) }));
  // A certificate of a type the key cannot be checked against (e.g. Ed448 vs RSA) simply does not match.
  const leafIndex = parsed.findIndex(({ cert }) => cert.checkPrivateKey(privateKey));
  if (leafIndex < 0) {
    const subjects = parsed.map(({ der }) => `"${describeCertificate(der).subject}"`).join(', ');
    throw new VaultError(
      'certificate-import',
      `The private key does not match the certificate (${subjects}); import the key that belongs to it`,
    );
  }
  const leaf = parsed[leafIndex]!;
  const chain = parsed.filter((_, i) => i !== leafIndex);
  return {
    certificatePem: [leaf, ...chain].map(({ der }) => toPem(der)).join(''),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    summary: describeCertificate(leaf.der, now, 'The client certificate'),
    keyDescription: describeKey(privateKey),
    chainLength: chain.length,
  };
}
