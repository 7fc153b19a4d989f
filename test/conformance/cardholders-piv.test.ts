import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, vendor } from './support/strict-schema';

// cc_rest.yaml: /api/cardholders/{id} [PIV] GET: cards [{ href, number, issueLevel (integer), status { value, type },
// pivData { chuid (CHUID: hash, fascn required; orgIdentifier, duns), lastCheckTime (date-time), pivStatus { type (enum) },
// contentSigningCert, cardAuthenticationCert, pivAuthenticationCert, fingerprints } }]; CardholderDetail: href, id,
// firstName, lastName, division { href }.
const PIV_STATUS = ['Normal', 'Offline', 'Revoked', 'Expired', 'CertInChainRevoked', 'CertInChainExpired', 'IssuerSigCertRevoked',
  'IssuerSigCertExpired', 'NotTrusted', 'PolicyError', 'OtherError', 'NotChecked'] as const;
const chuid = vendor.object({ hash: z.string(), fascn: z.string(), orgIdentifier: z.string().optional(), duns: z.string().optional() });
const pivCard = vendor.object({
  href: vendor.href(),
  number: z.string().optional(),
  issueLevel: z.number().int().optional(),
  status: vendor.object({ value: z.string().optional(), type: z.string().optional() }).optional(),
  credentialClass: z.literal('piv').optional(),
  pivData: vendor.object({
    chuid: chuid.optional(),
    lastCheckTime: vendor.dateTime().optional(),
    pivStatus: vendor.object({ type: z.enum(PIV_STATUS) }).optional(),
    contentSigningCert: z.string().optional(),
    cardAuthenticationCert: z.string().optional(),
    pivAuthenticationCert: z.string().optional(),
    fingerprints: z.string().optional(),
  }),
});
const cardholder = vendor.object({
  href: vendor.href(),
  id: vendor.id().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  division: vendor.object({ href: vendor.href() }).optional(),
  cards: z.array(pivCard).optional(),
});

const b64 = (text: string) => Buffer.from(text).toString('base64');
const FASCN = '12345678123456111234567890112341';

describeAtVersions('PIV cardholders (cc_rest.yaml: /api/cardholders/{id} [PIV])', (site) => {
  it('a cardholder with a PIV card answers in the vendor shape, with default fields and with the PIV certificates', async () => {
    const types = (await site().get((await site().feature('cardTypes', 'assign'))!, { fields: 'href,credentialClass' })).json.results;
    const piv = types.find((t: { credentialClass: string }) => t.credentialClass === 'piv');
    const division = (await site().get((await site().feature('doors', 'doors'))!, { fields: 'division', top: '1' })).json.results[0].division;
    // cc_rest.yaml: /api/cardholders [PIV] POST: division required; cards [NewPIVCard: type, number, pivData { chuid, certs }].
    const created = await site().client.post((await site().feature('cardholders', 'cardholders'))!, {
      division: { href: division.href },
      firstName: 'Conformance',
      lastName: 'Check',
      cards: [{
        type: { href: piv.href },
        number: FASCN,
        pivData: {
          chuid: { fascn: FASCN, hash: b64('h'.repeat(32)), orgIdentifier: '1234' },
          contentSigningCert: b64('content signing certificate'),
          pivAuthenticationCert: b64('piv authentication certificate'),
        },
      }],
    });
    expect(created.status).toBe(201);
    const href = created.headers.location as string;
    const plain = (await site().get(href)).json;
    expectConforms(cardholder, plain, `cardholder at ${site().version}`);
    expect(plain.cards).toHaveLength(1);
    const full = (await site().get(href, { fields: 'href,firstName,lastName,division,cards,cards.pivData' })).json;
    expectConforms(cardholder, full, `cardholder with PIV fields at ${site().version}`);
  });
});
