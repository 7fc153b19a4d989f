import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { randomCertificateSerial } from '../certificate-serial';

/**
 * Generated certificates for virtual cards: a test root, a content signer for the CHUID, and the
 * cardholder's PIV Authentication and Card Authentication certificates. ECDSA P-256 keeps generation
 * fast; the keys never leave memory (the virtual card does not sign challenges).
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

/** A distinguished name as [attribute, value] pairs, most significant first. */
type Name = Array<['C' | 'O' | 'OU' | 'CN', string]>;

const ATTRIBUTE_OIDS = { C: '2.5.4.6', O: '2.5.4.10', OU: '2.5.4.11', CN: '2.5.4.3' } as const;
const EC: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const DAY_MS = 86_400_000;
const KEY_USAGE_DIGITAL_SIGNATURE = 0x80;
const KEY_USAGE_CERT_SIGN = 0x04;

/** Certificates valid from yesterday until `notAfter`, all issued by one generated test root. */
export async function issueCardCertificates(holder: string, notAfter: Date): Promise<CardCertificates> {
  const notBefore = new Date(Date.now() - DAY_MS);
  const rootName: Name = [['C', 'US'], ['O', 'Gatehouse Test'], ['CN', 'Gatehouse Test PIV Root']];
  const rootKeys = await generateKeys();
  const rootValidity = { notBefore, notAfter: new Date(notAfter.getTime() + 365 * DAY_MS) };
  const root = await certify(rootName, rootName, rootKeys.publicKey, rootKeys.privateKey, rootValidity, true);
  const issue = async (subject: Name): Promise<IssuedCertificate> => {
    const keys = await generateKeys();
    return { der: await certify(subject, rootName, keys.publicKey, rootKeys.privateKey, { notBefore, notAfter }, false), keys };
  };
  return {
    root: { der: root, keys: rootKeys },
    contentSigner: await issue([['C', 'US'], ['O', 'Gatehouse Test'], ['CN', 'Gatehouse Test Content Signer']]),
    pivAuthentication: await issue([['C', 'US'], ['O', 'Gatehouse Test'], ['OU', 'Visitors'], ['CN', holder]]),
    cardAuthentication: await issue([['C', 'US'], ['O', 'Gatehouse Test'], ['CN', 'Card Authentication']]),
  };
}

async function certify(
  subject: Name,
  issuer: Name,
  publicKey: webcrypto.CryptoKey,
  signingKey: webcrypto.CryptoKey,
  validity: { notBefore: Date; notAfter: Date },
  isCa: boolean,
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
  ];
  await cert.subjectPublicKeyInfo.importKey(publicKey as Parameters<typeof cert.subjectPublicKeyInfo.importKey>[0]);
  await cert.sign(signingKey as Parameters<typeof cert.sign>[0], 'SHA-256');
  return new Uint8Array(cert.toSchema(true).toBER(false));
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
