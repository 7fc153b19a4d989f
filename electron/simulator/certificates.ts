import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { randomCertificateSerial } from './certificate-serial';

export interface GeneratedCertificate {
  certPem: string;
  keyPem: string;
  /** SHA-1 of the DER, uppercase hex without separators: the form a REST client item pins. */
  thumbprint: string;
  /** SHA-256 of the DER, uppercase hex with colons, as Node's `fingerprint256`. */
  fingerprint256: string;
}

/** Server certificate for the HTTPS listener: self-signed, valid for 127.0.0.1 and localhost. */
export function generateServerCertificate(commonName: string): GeneratedCertificate {
  return generate(commonName, [
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
    { name: 'extKeyUsage', serverAuth: true },
  ]);
}

/** A REST client's certificate; the server pins it by thumbprint, so self-signed is enough. */
export function generateClientCertificate(commonName: string): GeneratedCertificate {
  return generate(commonName, [{ name: 'extKeyUsage', clientAuth: true }]);
}

/** SHA-1 thumbprint of a DER certificate, uppercase hex (the REST client item's form). */
export function thumbprintOf(der: Buffer): string {
  return createHash('sha1').update(der).digest('hex').toUpperCase();
}

/**
 * node-forge builds and signs the certificate (@peculiar/x509 would need a reflect polyfill the
 * project does not ship); Node's native RSA key generation keeps start-up fast.
 */
function generate(commonName: string, extensions: object[]): GeneratedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = randomCertificateSerial().toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60 * 60_000);
  cert.validity.notAfter = new Date(now + 365 * 24 * 60 * 60_000);
  const subject = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Gatehouse' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true }, ...extensions]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  const x509 = new X509Certificate(certPem);
  return {
    certPem,
    keyPem,
    thumbprint: thumbprintOf(x509.raw),
    fingerprint256: x509.fingerprint256,
  };
}
