import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate as NodeX509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPkcs12Credential } from '../../../electron/core/vault/certificates/import-pkcs12';
import { makeCertificate, pkcs8Pem, type TestCertificate } from './support/certificates';
import { failureOf } from './support/failure';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const openssl = hasOpenssl();

let rsa: TestCertificate;
let ec: TestCertificate;
let other: TestCertificate;
let dir: string;

beforeAll(async () => {
  rsa = await makeCertificate({ subject: 'CN=Reception desk', kind: 'rsa' });
  ec = await makeCertificate({ subject: 'CN=Guard desk' });
  other = await makeCertificate({ subject: 'CN=Someone else', kind: 'rsa' });
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-p12-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PKCS#12 file written by node-forge (RSA only), in legacy 3DES or AES-256 form. */
function forgeP12(key: TestCertificate, cert: TestCertificate, password: string, algorithm: '3des' | 'aes256'): Uint8Array {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(pkcs8Pem(key)),
    [forge.pki.certificateFromPem(cert.certificatePem)],
    password,
    { algorithm },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** A PKCS#12 file written by OpenSSL 3 (PBES2/AES, SHA-256 MAC): what current tools export. */
function opensslP12(cert: TestCertificate, password: string, extra: string[] = []): Uint8Array {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const out = join(dir, 'out.p12');
  writeFileSync(certFile, cert.certificatePem);
  writeFileSync(keyFile, pkcs8Pem(cert), { mode: 0o600 });
  execFileSync('openssl', ['pkcs12', '-export', '-in', certFile, '-inkey', keyFile, '-out', out, '-passout', `pass:${password}`, ...extra]);
  return readFileSync(out);
}

describe('PKCS#12 client certificate import', () => {
  it.each(['3des', 'aes256'] as const)('reads an RSA certificate and key protected with %s', (algorithm) => {
    const credential = importPkcs12Credential(forgeP12(rsa, rsa, 'desk-pass', algorithm), 'desk-pass');
    const judge = new NodeX509Certificate(rsa.certificatePem);
    expect(credential.summary.subject).toBe('CN=Reception desk');
    expect(credential.summary.sha1Thumbprint).toBe(judge.fingerprint.replaceAll(':', ''));
    expect(credential.keyDescription).toBe('RSA 2048-bit');
    expect(credential.certificatePem.replace(/\s/g, '')).toBe(rsa.certificatePem.replace(/\s/g, ''));
  });

  it('says the password is wrong, without repeating it', () => {
    const error = failureOf(() => importPkcs12Credential(forgeP12(rsa, rsa, 'desk-pass', 'aes256'), 'guess-one'));
    expect(error.failure).toBe('pkcs12-password');
    expect(error.message).toBe('The PKCS#12 password is wrong');
  });

  it('refuses a file whose key does not belong to its certificate', () => {
    const error = failureOf(() => importPkcs12Credential(forgeP12(other, rsa, 'pw', 'aes256'), 'pw'));
    expect(error.message).toMatch(/private key does not match the certificate/);
  });

  it('refuses a file that is not PKCS#12', () => {
    expect(failureOf(() => importPkcs12Credential(Buffer.from('not a pfx'), 'pw')).message).toMatch(/not a PKCS#12/);
  });

  it.skipIf(!openssl)('reads an EC certificate and key exported by OpenSSL 3 (needs the openssl command)', () => {
    const credential = importPkcs12Credential(opensslP12(ec, 'guard-pass'), 'guard-pass');
    const judge = new NodeX509Certificate(ec.certificatePem);
    expect(credential.keyDescription).toBe('EC P-256');
    expect(credential.summary.sha1Thumbprint).toBe(judge.fingerprint.replaceAll(':', ''));
    expect(failureOf(() => importPkcs12Credential(opensslP12(ec, 'guard-pass'), 'nope')).failure).toBe('pkcs12-password');
  });

  it.skipIf(!openssl)('picks the client certificate out of a file that carries its CA too (needs the openssl command)', async () => {
    const ca = await makeCertificate({ subject: 'CN=Site CA', isCa: true });
    const issued = await makeCertificate({ subject: 'CN=Issued desk', issuer: ca });
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, ca.certificatePem);
    const credential = importPkcs12Credential(opensslP12(issued, 'pw', ['-certfile', caFile]), 'pw');
    expect(credential.summary.subject).toBe('CN=Issued desk');
    expect(credential.summary.issuer).toBe('CN=Site CA');
    expect(credential.chainLength).toBe(1);
  });

  it.skipIf(!openssl)('reads an RSA file in the legacy form older Windows exports use (needs the openssl command)', () => {
    let file: Uint8Array;
    try {
      file = opensslP12(rsa, 'old-pass', ['-legacy']);
    } catch {
      // OpenSSL builds without the legacy provider cannot write RC2; 3DES with SHA-1 MAC is the common legacy form.
      file = opensslP12(rsa, 'old-pass', ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']);
    }
    expect(importPkcs12Credential(file, 'old-pass').summary.subject).toBe('CN=Reception desk');
  });
});
