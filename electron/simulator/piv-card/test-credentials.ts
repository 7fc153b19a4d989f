import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { randomCertificateSerial } from '../certificate-serial';

/**
 * Generated certificates for virtual cards: a test root, a content signer for the CHUID, and the
 * cardholder's PIV Authentication and Card Authentication certificates. ECDSA P-256 keeps generation
 * fast; the PIV Authentication key is RSA 2048 because the card signs sign-in challenges with it as a
 * raw RSA operation (SP 800-73-4 algorithm 07), which node:crypto does and raw-digest ECDSA it does not.
 * The keys never leave memory.
 *
 * Built with pkijs rather than @peculiar/x509 because the latter needs a global Reflect polyfill that
 * nothing else in Gatehouse loads.
 */

export interface IssuedCertificate {
  der: Uint8Array;
  keys: webcrypto.CryptoKeyPair;
}

export interface CardCertificates {
  root: IssuedCertificate;
  contentSigner: IssuedCertificate;
  pivAuthentication: IssuedCertificate;
  cardAuthentication: IssuedCertificate;
}

/** A CA that issues card certificates: the demo card issuer's, or one a test makes up (an unknown CA). */
export interface TestAuthority {
  name: Name;
  certificate: IssuedCertificate;
}

/** What goes in the PIV Authentication certificate's subjectAltName (FIPS 201-3: FASC-N and card UUID); a test may leave either out. */
export interface CardIdentifiers {
  /** The FASC-N's 25 bytes as on the card. */
  fascn?: Uint8Array;
  /** The CHUID's 16-byte GUID (the card UUID). */
  guid?: Uint8Array;
}

export interface CardCertificateOptions {
  /** The issuing CA; the demo card issuer's CA when absent. */
  authority?: TestAuthority;
  identifiers?: CardIdentifiers;
  /** Start of validity; a day ago (or a year before `notAfter` when that is in the past) when absent. */
  notBefore?: Date;
  /** The CA that issues the CHUID's content signer; `authority` when absent (a test's untrusted signer). */
  contentSignerAuthority?: TestAuthority;
}

/** A distinguished name as [attribute, value] pairs, most significant first. */
type Name = Array<['C' | 'O' | 'OU' | 'CN', string]>;

const ATTRIBUTE_OIDS = { C: '2.5.4.6', O: '2.5.4.10', OU: '2.5.4.11', CN: '2.5.4.3' } as const;
const EC: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const RSA: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: Uint8Array.of(1, 0, 1),
  hash: 'SHA-256',
};
const ID_PIV_FASCN = '2.16.840.1.101.3.6.6';
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
/** FIPS 201-3: a PIV content signer asserts id-PIV-content-signing in its extended key usage. */
const ID_PIV_CONTENT_SIGNING = '2.16.840.1.101.3.6.7';
const KEY_USAGE_DIGITAL_SIGNATURE = 0x80;
const KEY_USAGE_CERT_SIGN = 0x04;

/** A self-signed root valid for twenty years from a year ago. */
export async function createTestAuthority(commonName = 'Gatehouse Test PIV Root'): Promise<TestAuthority> {
  const name: Name = [['C', 'US'], ['O', 'Gatehouse Test'], ['CN', commonName]];
  const keys = await generateKeys();
  const validity = { notBefore: new Date(Date.now() - YEAR_MS), notAfter: new Date(Date.now() + 20 * YEAR_MS) };
  const der = await certify(name, name, keys.publicKey, keys.privateKey, validity, { isCa: true });
  return { name, certificate: { der, keys } };
}

let demoAuthority: Promise<TestAuthority> | undefined;

/**
 * The demo card issuer's CA: one per process, so every demo and test card chains to it and the demo
 * site can trust it by default. Its key lives only in this process's memory.
 */
export function demoCardAuthority(): Promise<TestAuthority> {
  demoAuthority ??= createTestAuthority('Gatehouse Demo PIV Issuer');
  return demoAuthority;
}

/** Certificates valid until `notAfter`, all issued by one CA (the demo card issuer's unless told). */
export async function issueCardCertificates(holder: string, notAfter: Date, options: CardCertificateOptions = {}): Promise<CardCertificates> {
  const authority = options.authority ?? (await demoCardAuthority());
  const notBefore = options.notBefore ?? new Date(Math.min(Date.now() - DAY_MS, notAfter.getTime() - YEAR_MS));
  const issue = async (subject: Name, keys: webcrypto.CryptoKeyPair, extra: Omit<CertifyOptions, 'isCa'> = {}, by = authority): Promise<IssuedCertificate> => ({
    der: await certify(subject, by.name, keys.publicKey, by.certificate.keys.privateKey, { notBefore, notAfter }, { isCa: false, ...extra }),
    keys,
  });
  const contentSigner = await issue(
    [['C', 'US'], ['O', 'Gatehouse Test'], ['CN', 'Gatehouse Test Content Signer']],
    await generateKeys(),
    { extendedKeyUsage: [ID_PIV_CONTENT_SIGNING] },
    options.contentSignerAuthority ?? authority,
  );
  return {
    root: authority.certificate,
    contentSigner,
    pivAuthentication: await issue(
      [['C', 'US'], ['O', 'Gatehouse Test'], ['OU', 'Visitors'], ['CN', holder]],
      await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']),
      options.identifiers ? { identifiers: options.identifiers } : {},
    ),
    cardAuthentication: await issue([['C', 'US'], ['O', 'Gatehouse Test'], ['CN', 'Card Authentication']], await generateKeys()),
  };
}

interface CertifyOptions {
  isCa: boolean;
  identifiers?: CardIdentifiers;
  extendedKeyUsage?: string[];
}

async function certify(
  subject: Name,
  issuer: Name,
  publicKey: webcrypto.CryptoKey,
  signingKey: webcrypto.CryptoKey,
  validity: { notBefore: Date; notAfter: Date },
  { isCa, identifiers, extendedKeyUsage }: CertifyOptions,
): Promise<Uint8Array> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: randomCertificateSerial() });
  cert.subject = encodeName(subject);
  cert.issuer = encodeName(issuer);
  cert.notBefore.value = validity.notBefore;
  cert.notAfter.value = validity.notAfter;
  const keyUsage = new asn1js.BitString({
    valueHex: Uint8Array.of(isCa ? KEY_USAGE_DIGITAL_SIGNATURE | KEY_USAGE_CERT_SIGN : KEY_USAGE_DIGITAL_SIGNATURE).buffer,
    unusedBits: isCa ? 2 : 7,
  });
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: isCa }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER(false) }),
    ...(identifiers && (identifiers.fascn || identifiers.guid)
      ? [new pkijs.Extension({ extnID: '2.5.29.17', critical: false, extnValue: subjectAltName(identifiers) })]
      : []),
    ...(extendedKeyUsage
      ? [new pkijs.Extension({ extnID: '2.5.29.37', critical: false, extnValue: new pkijs.ExtKeyUsage({ keyPurposes: extendedKeyUsage }).toSchema().toBER(false) })]
      : []),
  ];
  await cert.subjectPublicKeyInfo.importKey(publicKey as Parameters<typeof cert.subjectPublicKeyInfo.importKey>[0]);
  await cert.sign(signingKey as Parameters<typeof cert.sign>[0], 'SHA-256');
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

/**
 * GeneralNames with the FASC-N as an otherName (pivFASC-N, an OCTET STRING) and the card UUID as a
 * urn:uuid URI, as FIPS 201-3 puts them in the PIV Authentication certificate. Built by hand with
 * asn1js because pkijs's GeneralName writes otherName without its type-id.
 */
function subjectAltName({ fascn, guid }: CardIdentifiers): ArrayBuffer {
  const names: asn1js.BaseBlock[] = [];
  if (fascn) {
    names.push(
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [
          new asn1js.ObjectIdentifier({ value: ID_PIV_FASCN }),
          new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.OctetString({ valueHex: fascn.slice().buffer })] }),
        ],
      }),
    );
  }
  if (guid) {
    const hex = Buffer.from(guid).toString('hex');
    const uri = new asn1js.IA5String({ value: `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` });
    uri.idBlock.tagClass = 3;
    uri.idBlock.tagNumber = 6;
    names.push(uri);
  }
  return new asn1js.Sequence({ value: names }).toBER(false);
}

/** One attribute per RDN (pkijs would put them all in one multi-valued RDN). */
function encodeName(name: Name): pkijs.RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({
    value: name.map(
      ([attribute, value]) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({
              type: ATTRIBUTE_OIDS[attribute],
              value: attribute === 'C' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
            }).toSchema(),
          ],
        }),
    ),
  });
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER(false));
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
}
