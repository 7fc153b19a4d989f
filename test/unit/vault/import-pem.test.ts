import { X509Certificate as NodeX509Certificate, createPrivateKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPemCredential } from '../../../electron/core/vault/certificates/import-pem';
import { makeCertificate, pkcs8Pem, traditionalPem, type TestCertificate } from './support/certificates';
import { failureOf } from './support/failure';

const day = 24 * 60 * 60 * 1000;
let rsa: TestCertificate;
let ec: TestCertificate;
let other: TestCertificate;
let ca: TestCertificate;
let issued: TestCertificate;

beforeAll(async () => {
  rsa = await makeCertificate({ subject: 'CN=Reception desk, O=Gatehouse test', kind: 'rsa' });
  ec = await makeCertificate({ subject: 'CN=Guard desk' });
  other = await makeCertificate({ subject: 'CN=Someone else' });
  ca = await makeCertificate({ subject: 'CN=Site CA', isCa: true });
  issued = await makeCertificate({ subject: 'CN=Issued desk', issuer: ca });
});

describe('PEM client certificate import', () => {
  it('reads an RSA certificate with a PKCS#1 key, with thumbprints as Node computes them', () => {
    const credential = importPemCredential([rsa.certificatePem, traditionalPem(rsa)]);
    const judge = new NodeX509Certificate(rsa.certificatePem);
    expect(traditionalPem(rsa)).toContain('BEGIN RSA PRIVATE KEY');
    expect(credential.summary.sha1Thumbprint).toBe(judge.fingerprint.replaceAll(':', ''));
    expect(credential.summary.sha256Fingerprint).toBe(judge.fingerprint256);
    expect(credential.summary.subject).toBe('CN=Reception desk, O=Gatehouse test');
    expect(credential.summary.validity).toBe('valid');
    expect(credential.keyDescription).toBe('RSA 2048-bit');
    expect(credential.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(judge.checkPrivateKey(createPrivateKey(credential.privateKeyPem))).toBe(true);
  });

  it('reads an EC certificate with a SEC1 key and with a PKCS#8 key, in one file or two', () => {
    expect(traditionalPem(ec)).toContain('BEGIN EC PRIVATE KEY');
    const fromSec1 = importPemCredential(`${ec.certificatePem}\n${traditionalPem(ec)}`);
    const fromPkcs8 = importPemCredential([pkcs8Pem(ec), ec.certificatePem]);
    expect(fromSec1.keyDescription).toBe('EC P-256');
    expect(fromPkcs8.summary).toEqual(fromSec1.summary);
    expect(fromSec1.summary.sha1Thumbprint).toMatch(/^[0-9A-F]{40}$/);
  });

  it('reads an encrypted PKCS#8 key with its passphrase and says clearly when it is missing or wrong', () => {
    const encrypted = ec.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'correct horse' })
      .toString();
    expect(importPemCredential([ec.certificatePem, encrypted], { passphrase: 'correct horse' }).keyDescription).toBe('EC P-256');
    expect(failureOf(() => importPemCredential([ec.certificatePem, encrypted])).message).toMatch(/encrypted: enter its passphrase/);
    const wrong = failureOf(() => importPemCredential([ec.certificatePem, encrypted], { passphrase: 'battery staple' }));
    expect(wrong.message).toMatch(/passphrase is wrong/);
    expect(wrong.message).not.toContain('battery staple');
  });

  it('refuses a key that does not belong to the certificate, naming the certificate', () => {
    const error = failureOf(() => importPemCredential([ec.certificatePem, pkcs8Pem(other)]));
    expect(error.failure).toBe('certificate-import');
    expect(error.message).toMatch(/does not match the certificate \("CN=Guard desk"\)/);
    expect(error.message).not.toContain('PRIVATE KEY');
  });

  it('finds the client certificate among chain certificates whatever their order', () => {
    const credential = importPemCredential([ca.certificatePem, issued.certificatePem, pkcs8Pem(issued)]);
    expect(credential.summary.subject).toBe('CN=Issued desk');
    expect(credential.summary.issuer).toBe('CN=Site CA');
    expect(credential.chainLength).toBe(1);
    expect(credential.certificatePem.indexOf(issued.certificatePem.split('\n')[1]!)).toBe(
      credential.certificatePem.indexOf('-----BEGIN CERTIFICATE-----') + '-----BEGIN CERTIFICATE-----\n'.length,
    );
  });

  it('flags expired and not-yet-valid certificates', async () => {
    const expired = await makeCertificate({
      subject: 'CN=Old desk',
      notBefore: new Date(Date.now() - 400 * day),
      notAfter: new Date(Date.now() - 35 * day),
    });
    const future = await makeCertificate({
      subject: 'CN=Future desk',
      notBefore: new Date(Date.now() + 10 * day),
      notAfter: new Date(Date.now() + 400 * day),
    });
    expect(importPemCredential([expired.certificatePem, pkcs8Pem(expired)]).summary.validity).toBe('expired');
    expect(importPemCredential([future.certificatePem, pkcs8Pem(future)]).summary.validity).toBe('not-yet-valid');
  });

  it('explains what is missing or wrong in the file', () => {
    expect(failureOf(() => importPemCredential('hello')).message).toMatch(/No PEM certificate or private key/);
    expect(failureOf(() => importPemCredential(ec.certificatePem)).message).toMatch(/No private key was found/);
    expect(failureOf(() => importPemCredential(pkcs8Pem(ec))).message).toMatch(/No certificate was found/);
    expect(failureOf(() => importPemCredential([ec.certificatePem, pkcs8Pem(ec), pkcs8Pem(other)])).message).toMatch(
      /2 private keys/,
    );
    const csr = '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----';
    expect(failureOf(() => importPemCredential([csr, pkcs8Pem(ec)])).message).toMatch(/"CERTIFICATE REQUEST" block/);
    const garbage = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
    expect(failureOf(() => importPemCredential([garbage, pkcs8Pem(ec)])).message).toMatch(/not a readable X.509 certificate/);
  });
});
