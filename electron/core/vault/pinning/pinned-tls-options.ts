import type { ConnectionOptions, PeerCertificate } from 'node:tls';
import { CertificateMismatchError, VaultError } from '../errors';
import { probeServerCertificate } from './probe-server-certificate';
import type { ServerCertificatePin } from './server-certificate-pin';
import { wordsForCode } from '../../api/failure-words';

export type PinnedCertificate = Pick<ServerCertificatePin, 'sha256Fingerprint' | 'certificatePem'>;

/**
 * Node TLS options (for undici's `new Agent({ connect: { ...pinnedTlsOptions(pin), cert, key } })`) that
 * complete a handshake only with the exact pinned certificate. Both checks run inside the handshake,
 * before undici writes a byte of the request:
 * - `ca` is the pinned certificate alone, so a certificate that does not chain to it fails OpenSSL's
 *   verification (partial chains allowed: a pinned leaf issued by a CA the desk lacks still verifies);
 * - `checkServerIdentity` then demands the exact fingerprint, which also refuses a certificate the
 *   pinned one merely issued. Node only calls it after verification passed, hence both.
 * The host name is deliberately not compared: the operator confirmed this certificate for this origin,
 * and desk servers are often reached by an address their certificate does not name.
 */
export function pinnedTlsOptions(pin: PinnedCertificate): ConnectionOptions {
  return {
    ca: [pin.certificatePem],
    allowPartialTrustChain: true,
    rejectUnauthorized: true,
    checkServerIdentity: (_host: string, presented: PeerCertificate) =>
      presented.fingerprint256 === pin.sha256Fingerprint
        ? undefined
        : new CertificateMismatchError(pin.sha256Fingerprint, presented.fingerprint256 ?? null),
  };
}

/** OpenSSL/Node codes for a certificate that failed verification against the pinned anchor. */
const verificationCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'INVALID_CA',
]);

function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = err; at !== undefined && at !== null && chain.length < 8; at = (at as { cause?: unknown }).cause) {
    chain.push(at);
  }
  return chain;
}

/**
 * Turn a failed pinned connection into the error to show. When OpenSSL refused the certificate before
 * the fingerprint check could run, Node's error does not say which certificate was presented; a
 * handshake-only probe (nothing sent) finds out, so the operator sees expected and presented
 * fingerprints either way. Errors that are not about the certificate come back unchanged.
 */
export async function explainPinnedTlsFailure(err: unknown, origin: string, pin: PinnedCertificate): Promise<unknown> {
  const chain = causes(err);
  const mismatch = chain.find((e) => e instanceof CertificateMismatchError);
  if (mismatch) return mismatch;
  const code = chain
    .map((e) => (e as { code?: unknown }).code)
    .find((c): c is string => typeof c === 'string' && verificationCodes.has(c));
  if (!code) return err;
  let presented: string;
  try {
    presented = (await probeServerCertificate(origin, { timeoutMs: 5_000 })).summary.sha256Fingerprint;
  } catch {
    return new CertificateMismatchError(pin.sha256Fingerprint, null);
  }
  if (presented !== pin.sha256Fingerprint) return new CertificateMismatchError(pin.sha256Fingerprint, presented);
  return new VaultError(
    'server-certificate',
    `The server presented the pinned certificate but it was refused (${wordsForCode(code).words}); if it has expired, the server needs a new certificate, to be confirmed in Settings`,
  );
}
