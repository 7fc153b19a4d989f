import { formatFascn, PIV_I_AGENCY_CODE } from '../../../shared/piv/fascn-number';
import type { CertificateSummary, PivCardRead, PivReadProgress, PivReadStep } from '../../../shared/piv/card-read';
import type { ApduLength } from './apdu';
import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { readCertificateObject, summariseCertificate } from './certificates';
import { formatGuid, guidToDecimal, parseChuid, type Chuid } from './chuid';
import { readFingerprintStructure } from './fingerprints';
import { PivApplication } from './piv-application';
import { certificateCardIds } from './sign-in/certificate-identity';
import { checkChuidNamesCertificateCard } from './sign-in/chuid-check';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { PivError } from '../../../shared/piv/card/errors';

/**
 * Reads a PIV or PIV-I card through any CardChannel: SELECT, CHUID, PIV Authentication and Card
 * Authentication certificates, and (only with a PIN the operator typed) the fingerprints.
 * Each object is reported through `onProgress` as it starts and ends.
 */

export interface ReadPivCardOptions {
  /** When given, the PIN is verified and the fingerprints are read. Never logged or kept. */
  pin?: string;
  apduLength?: ApduLength;
  onProgress?: (progress: PivReadProgress) => void;
  /** Reader name and ATR, copied into the result for display. */
  reader?: string;
  atr?: string;
}

export async function readPivCard(channel: CardChannel, options: ReadPivCardOptions = {}): Promise<PivCardRead> {
  const app = new PivApplication(channel, options.apduLength ?? 'short');
  const report: Reporter = (step, state, bytes) =>
    options.onProgress?.(bytes === undefined ? { step, state } : { step, state, bytes });

  report('select', 'started');
  await app.select();
  report('select', 'done');

  const chuidObject = await readObject(app, 'chuid', 'CHUID', report, true);
  const chuid = parseChuid(chuidObject);
  // Loaded with the first card: pkijs and asn1js are a tenth of a second of every start otherwise.
  const { readContentSigner } = await import('./chuid-signature');
  const signer = await readContentSigner(chuid.issuerSignature, chuid.signedContent);

  const pivAuthObject = await readObject(app, 'pivAuthenticationCert', 'PIV Authentication certificate', report, true);
  const pivAuthenticationCert = certificateFrom(pivAuthObject, 'PIV Authentication certificate');
  const cardAuthObject = await readObject(app, 'cardAuthenticationCert', 'Card Authentication certificate', report, false);
  const cardAuthenticationCert = cardAuthObject ? certificateFrom(cardAuthObject, 'Card Authentication certificate') : undefined;

  let fingerprints: string | undefined;
  if (options.pin !== undefined) {
    report('pin', 'started');
    await app.verifyPin(options.pin);
    report('pin', 'done');
    const object = await readObject(app, 'fingerprints', 'cardholder fingerprints', report, false);
    if (object) fingerprints = Buffer.from(readFingerprintStructure(object)).toString('base64');
  }

  const identityMismatch = await certificateNamesOtherCard(chuidObject, chuid, pivAuthenticationCert.base64);
  const kind = chuid.fascn.agencyCode === PIV_I_AGENCY_CODE ? 'piv-i' : 'piv';
  return {
    kind,
    ...(options.reader ? { reader: options.reader } : {}),
    ...(options.atr ? { atr: options.atr } : {}),
    fascn: { digits: chuid.fascnDigits, formatted: formatFascn(chuid.fascnDigits), ...chuid.fascn },
    guid: { hex: formatGuid(chuid.guid), decimal: guidToDecimal(chuid.guid) },
    expirationDate: chuid.expirationDate,
    ...(chuid.orgIdentifier ? { orgIdentifier: chuid.orgIdentifier } : {}),
    ...(chuid.duns ? { duns: chuid.duns } : {}),
    chuidHash: chuid.hash,
    chuidSignatureValid: signer.signatureValid,
    ...(identityMismatch ? { identityMismatch } : {}),
    contentSigningCert: summariseCertificate(signer.certificate, 'CHUID content-signing certificate'),
    pivAuthenticationCert,
    ...(cardAuthenticationCert ? { cardAuthenticationCert } : {}),
    ...(fingerprints ? { fingerprints } : {}),
    fingerprintsRead: fingerprints !== undefined,
  };
}

type Reporter = (step: PivReadStep, state: PivReadProgress['state'], bytes?: number) => void;
type ObjectStep = Exclude<PivReadStep, 'select' | 'pin'>;

async function readObject(app: PivApplication, step: ObjectStep, what: string, report: Reporter, mandatory: true): Promise<Uint8Array>;
async function readObject(app: PivApplication, step: ObjectStep, what: string, report: Reporter, mandatory: false): Promise<Uint8Array | null>;
async function readObject(
  app: PivApplication,
  step: ObjectStep,
  what: string,
  report: Reporter,
  mandatory: boolean,
): Promise<Uint8Array | null> {
  report(step, 'started');
  const object = await app.getData(PIV_OBJECT_TAGS[step], what);
  if (!object) {
    if (mandatory) throw new PivError('malformed-data', `The card has no ${what}, which every PIV card must hold`);
    report(step, 'absent');
    return null;
  }
  report(step, 'done', object.length);
  return object;
}

/**
 * Whether the PIV Authentication certificate names another card than the CHUID: the card identity sign-in
 * trusts (sign-in/chuid-check.ts), here told to the enrolling operator rather than refused outright.
 */
async function certificateNamesOtherCard(chuidObject: Uint8Array, chuid: Chuid, certificateBase64: string): Promise<string | undefined> {
  try {
    checkChuidNamesCertificateCard(chuidObject, chuid, await certificateCardIds(new Uint8Array(Buffer.from(certificateBase64, 'base64'))));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function certificateFrom(object: Uint8Array, what: string): CertificateSummary {
  const { der, compressed } = readCertificateObject(object, what);
  return summariseCertificate(der, what, compressed);
}
