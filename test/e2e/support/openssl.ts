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

/**
 * A self-signed client certificate whose validity ended on 1 January 2025, made with `openssl ca`
 * (the one openssl command that takes explicit start and end dates).
 */
export function expiredClient(commonName: string): { certPem: string; keyPem: string } {
  return inScratch((dir) => {
    const file = (name: string) => join(dir, name);
    writeFileSync(file('index.txt'), '');
    writeFileSync(file('serial'), '01\n');
    writeFileSync(
      file('ca.cnf'),
      [
        '[ca]', 'default_ca = desk', '[desk]', `database = ${file('index.txt')}`, `new_certs_dir = ${dir}`,
        `serial = ${file('serial')}`, 'default_md = sha256', 'policy = any', '[any]', 'commonName = supplied', '',
      ].join('\n'),
    );
    const quiet = { stdio: ['ignore', 'ignore', 'pipe'] as ('ignore' | 'pipe')[] };
    execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
      '-keyout', file('key.pem'), '-out', file('req.pem'), '-subj', `/CN=${commonName}`], quiet);
    execFileSync('openssl', ['ca', '-batch', '-notext', '-config', file('ca.cnf'), '-selfsign', '-keyfile', file('key.pem'),
      '-in', file('req.pem'), '-out', file('cert.pem'), '-startdate', '20240101000000Z', '-enddate', '20250101000000Z'], quiet);
    return { certPem: readFileSync(file('cert.pem'), 'utf8'), keyPem: readFileSync(file('key.pem'), 'utf8') };
  });
}

/** The key as encrypted PKCS#8 (AES-256-CBC), as `openssl pkcs8 -topk8` writes it. */
export function encryptKey(keyPem: string, passphrase: string): string {
  return inScratch((dir) => {
    writeFileSync(join(dir, 'key.pem'), keyPem, { mode: 0o600 });
    execFileSync(
      'openssl',
      ['pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-in', join(dir, 'key.pem'), '-out', join(dir, 'enc.pem'), '-passout', 'env:KEY_PASSPHRASE'],
      { env: { ...process.env, KEY_PASSPHRASE: passphrase }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return readFileSync(join(dir, 'enc.pem'), 'utf8');
  });
}
