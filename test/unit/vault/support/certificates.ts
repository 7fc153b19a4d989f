import 'reflect-metadata'; // @peculiar/x509 needs a Reflect metadata polyfill loaded first
import { createPrivateKey, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { randomCertificateSerial } from '../../../../electron/simulator/certificate-serial';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKeyPair = webcrypto.CryptoKeyPair;

export type KeyKind = 'rsa' | 'ec';

export interface TestCertificate {
  certificate: x509.X509Certificate;
  certificatePem: string;
  der: Uint8Array;
  keys: CryptoKeyPair;
  privateKey: KeyObject;
}

const algorithms = {
  rsa: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 },
  ec: { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
} as const;

export interface CertificateOptions {
  subject: string;
  kind?: KeyKind;
  notBefore?: Date;
  notAfter?: Date;
  /** Sign with this issuer instead of self-signing. */
  issuer?: TestCertificate;
  isCa?: boolean;
  /** DNS / IP names for a server certificate. */
  dnsNames?: string[];
  ipAddresses?: string[];
}

const day = 24 * 60 * 60 * 1000;

/** A real certificate and key pair made with WebCrypto, for tests that need one. */
export async function makeCertificate(options: CertificateOptions): Promise<TestCertificate> {
  const kind = options.kind ?? 'ec';
  const keys = (await webcrypto.subtle.generateKey(algorithms[kind], true, ['sign', 'verify'])) as CryptoKeyPair;
  const names = [
    ...(options.dnsNames ?? []).map((value) => ({ type: 'dns' as const, value })),
    ...(options.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  const extensions: x509.Extension[] = [new x509.BasicConstraintsExtension(options.isCa ?? false, undefined, true)];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  const common = {
    serialNumber: randomCertificateSerial(8).toString('hex'),
    notBefore: options.notBefore ?? new Date(Date.now() - day),
    notAfter: options.notAfter ?? new Date(Date.now() + 30 * day),
    signingAlgorithm: algorithms[kind],
    extensions,
  };
  const certificate = options.issuer
    ? await x509.X509CertificateGenerator.create({
        ...common,
        subject: options.subject,
        issuer: options.issuer.certificate.subject,
        publicKey: keys.publicKey,
        signingKey: options.issuer.keys.privateKey,
        signingAlgorithm: algorithms[options.issuer.certificate.publicKey.algorithm.name === 'ECDSA' ? 'ec' : 'rsa'],
      })
    : await x509.X509CertificateGenerator.createSelfSigned({ ...common, name: options.subject, keys });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    certificate,
    certificatePem: certificate.toString('pem'),
    der: new Uint8Array(certificate.rawData),
    keys,
    privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  };
}

export function pkcs8Pem(cert: TestCertificate): string {
  return cert.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** PKCS#1 for RSA, SEC1 for EC: the "traditional" forms many tools still write. */
export function traditionalPem(cert: TestCertificate): string {
  const type = cert.privateKey.asymmetricKeyType === 'rsa' ? 'pkcs1' : 'sec1';
  return cert.privateKey.export({ type, format: 'pem' }).toString();
}
