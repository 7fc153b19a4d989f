import type { DeskError } from '../../shared/errors';
import { CertificateMismatchError } from './vault/errors';
import type { PinnedCertificate } from './vault/pinning/pinned-tls-options';
import { probeServerCertificate } from './vault/pinning/probe-server-certificate';

/**
 * When the configured server's certificate is refused, OpenSSL's code (a self-signed certificate that
 * does not chain to the pin, say) does not tell the operator what happened. A handshake-only probe
 * (nothing is sent) finds out which certificate the server now presents: if it is not the pinned one,
 * the error says the certificate changed, with both fingerprints; otherwise the original error stands.
 */
export function certificateRefusalExplainer(origin: string, pin: PinnedCertificate): (error: DeskError) => Promise<DeskError> {
  return async (error) => {
    let presented: string;
    try {
      presented = (await probeServerCertificate(origin, { timeoutMs: 5_000 })).summary.sha256Fingerprint;
    } catch {
      return error;
    }
    return presented === pin.sha256Fingerprint ? error : new CertificateMismatchError(pin.sha256Fingerprint, presented);
  };
}
