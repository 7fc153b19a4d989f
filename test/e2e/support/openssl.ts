import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The openssl command line is the independent maker of the files an operator would bring: a PKCS#12
// exported from a PEM pair, and a client certificate the server has never heard of.

function inScratch<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-openssl-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl pkcs12 -export` of a certificate and key; the password travels in the environment, not argv. */
export function exportPkcs12(certPem: string, keyPem: string, password: string): Buffer {
  return inScratch((dir) => {
    writeFileSync(join(dir, 'cert.pem'), certPem);
    writeFileSync(join(dir, 'key.pem'), keyPem, { mode: 0o600 });
    const out = join(dir, 'client.p12');
    execFileSync(
      'openssl',
      ['pkcs12', '-export', '-in', join(dir, 'cert.pem'), '-inkey', join(dir, 'key.pem'), '-out', out, '-passout', 'env:P12_PASSWORD'],
      { env: { ...process.env, P12_PASSWORD: password }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return readFileSync(out);
  });
}

/** A self-signed client certificate and its unencrypted PKCS#8 key, made here and registered nowhere. */
export function selfSignedClient(commonName: string): { certPem: string; keyPem: string } {
  return inScratch((dir) => {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert,
        '-days', '30', '-subj', `/CN=${commonName}`],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { certPem: readFileSync(cert, 'utf8'), keyPem: readFileSync(key, 'utf8') };
  });
}
