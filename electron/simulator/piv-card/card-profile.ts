import { DEMO_CARD_PIN } from '../../../shared/contract/demo';
import { generateKeyPair, KeyObject, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fascnDigits as toFascnDigits, type CardKind } from '../../../shared/piv/fascn-number';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { concatBytes, encodeTlv } from '../../../shared/piv/card/tlv';
import { buildSignedChuid } from './chuid-object';
import { issueCardCertificates, type TestAuthority } from './test-credentials';

/**
 * Issues a virtual PIV or PIV-I card: generated certificates, a signed synthetic CHUID and a
 * synthetic fingerprint structure, laid out as the data objects a real card returns from GET DATA.
 * The profile also keeps the expected values so tests can compare what a reader got.
 */

export interface VirtualCardOptions {
  kind?: CardKind;
  holder?: string;
  /** 32 digits, hyphens allowed. PIV-I cards need agency code 9999. */
  fascn?: string;
  guid?: Uint8Array;
  expirationDate?: Date;
  orgIdentifier?: string;
  duns?: string;
  /** Store certificates gzip-compressed with the CertInfo flag set, as some issuers do. */
  compressCertificates?: boolean;
  withCardAuthentication?: boolean;
  withFingerprints?: boolean;
  /** The card application PIN, 6 to 8 digits. */
  pin?: string;
  /** Wrong PINs the card allows before it blocks the PIN (its retry counter); 5 when absent. */
  pinTries?: number;
  /** The CA that issues the card's certificates; the demo card issuer's when absent. */
  authority?: TestAuthority;
  /** Start of the certificates' validity (an expired card: a past `expirationDate`). */
  notBefore?: Date;
  /** False: the card signs challenges with a key of its own that its certificate does not certify. */
  keyMatchesCertificate?: boolean;
  /** Which of the card's identifiers its PIV Authentication certificate names (both when absent, as FIPS 201-3 asks). */
  certificateNames?: { fascn: boolean; uuid: boolean };
  /** The CA that issues the CHUID's content signer; `authority` when absent (an untrusted signer in tests). */
  contentSignerAuthority?: TestAuthority;
}

export interface VirtualCardProfile {
  kind: CardKind;
  pin: string;
  pinTries: number;
  /** The private key of the PIV Authentication key (reference 9A), RSA 2048: signs GENERAL AUTHENTICATE challenges. */
  pivAuthenticationKey: KeyObject;
  /** DER of the CA certificate the card's certificates chain to. */
  issuerCertificate: Uint8Array;
  fascnDigits: string;
  guid: Uint8Array;
  /** YYYY-MM-DD */
  expirationDate: string;
  orgIdentifier?: string;
  duns?: string;
  /** DER of each certificate as issued (before any compression on the card). */
  certificates: { contentSigner: Uint8Array; pivAuthentication: Uint8Array; cardAuthentication?: Uint8Array };
  /** The CBEFF structure inside the fingerprints object (without its error detection code). */
  fingerprintStructure?: Uint8Array;
  /** Content of each data object's 53 template, by tag. */
  objects: Map<number, Uint8Array>;
}

export const DEFAULT_PIV_FASCN = '4700-0256-001337-111234567890199991';
/** Federal PIV-I FASC-Ns begin with fourteen nines. */
export const DEFAULT_PIV_I_FASCN = '9999-9999-999999-011234567890300001';
/** The demo cards' PIN, the one the desk shows a newcomer on the demo site. */
export const DEFAULT_PIN = DEMO_CARD_PIN;
/** SP 800-73-4 leaves the retry counter to the issuer; five is the common choice. */
export const DEFAULT_PIN_TRIES = 5;

const YEAR_MS = 365 * 86_400_000;

export async function issueVirtualCard(options: VirtualCardOptions = {}): Promise<VirtualCardProfile> {
  const kind = options.kind ?? 'piv';
  const fascnDigits = toFascnDigits(options.fascn ?? (kind === 'piv' ? DEFAULT_PIV_FASCN : DEFAULT_PIV_I_FASCN));
  const guid = options.guid ?? new Uint8Array(randomBytes(16));
  const expires = options.expirationDate ?? new Date(Date.now() + 3 * YEAR_MS);
  const certs = await issueCardCertificates(options.holder ?? 'Test Visitor', expires, {
    ...(options.authority ? { authority: options.authority } : {}),
    ...(options.notBefore ? { notBefore: options.notBefore } : {}),
    ...(options.contentSignerAuthority ? { contentSignerAuthority: options.contentSignerAuthority } : {}),
    identifiers: {
      ...(options.certificateNames?.fascn === false ? {} : { fascn: encodeFascn(fascnFromDigits(fascnDigits)) }),
      ...(options.certificateNames?.uuid === false ? {} : { guid }),
    },
  });
  const pivAuthenticationKey =
    options.keyMatchesCertificate === false
      ? (await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })).privateKey
      : KeyObject.from(certs.pivAuthentication.keys.privateKey);
  const expirationDate = expires.toISOString().slice(0, 10);
  const orgIdentifier = options.orgIdentifier ?? (kind === 'piv' ? '4700' : undefined);
  const duns = options.duns ?? (kind === 'piv-i' ? '123456789' : undefined);

  const objects = new Map<number, Uint8Array>();
  objects.set(
    PIV_OBJECT_TAGS.chuid,
    await buildSignedChuid(
      { fascnDigits, guid, expirationDate: expirationDate.replace(/-/g, ''), orgIdentifier, duns },
      certs.contentSigner,
    ),
  );
  const compress = options.compressCertificates ?? false;
  objects.set(PIV_OBJECT_TAGS.pivAuthenticationCert, certificateObject(certs.pivAuthentication.der, compress));
  const withCardAuth = options.withCardAuthentication ?? true;
  if (withCardAuth) objects.set(PIV_OBJECT_TAGS.cardAuthenticationCert, certificateObject(certs.cardAuthentication.der, compress));

  let fingerprintStructure: Uint8Array | undefined;
  if (options.withFingerprints ?? true) {
    fingerprintStructure = syntheticFingerprints();
    objects.set(
      PIV_OBJECT_TAGS.fingerprints,
      concatBytes(encodeTlv(0xbc, fingerprintStructure), encodeTlv(0xfe, new Uint8Array(0))),
    );
  }

  return {
    kind,
    pin: options.pin ?? DEFAULT_PIN,
    pinTries: options.pinTries ?? DEFAULT_PIN_TRIES,
    pivAuthenticationKey,
    issuerCertificate: certs.root.der,
    fascnDigits,
    guid,
    expirationDate,
    ...(orgIdentifier ? { orgIdentifier } : {}),
    ...(duns ? { duns } : {}),
    certificates: {
      contentSigner: certs.contentSigner.der,
      pivAuthentication: certs.pivAuthentication.der,
      ...(withCardAuth ? { cardAuthentication: certs.cardAuthentication.der } : {}),
    },
    ...(fingerprintStructure ? { fingerprintStructure } : {}),
    objects,
  };
}

function certificateObject(der: Uint8Array, compress: boolean): Uint8Array {
  return concatBytes(
    encodeTlv(0x70, compress ? new Uint8Array(gzipSync(der)) : der),
    encodeTlv(0x71, Uint8Array.of(compress ? 0x01 : 0x00)),
    encodeTlv(0xfe, new Uint8Array(0)),
  );
}

/**
 * Stand-in for a CBEFF fingerprint structure: an 88-byte header, a record large enough to need
 * several GET RESPONSE rounds, and a signature block. The bytes are random: nothing parses them.
 */
function syntheticFingerprints(): Uint8Array {
  return concatBytes(new Uint8Array(randomBytes(88)), new Uint8Array(randomBytes(1200)), new Uint8Array(randomBytes(72)));
}
