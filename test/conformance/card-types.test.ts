import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, searchPage, vendor } from './support/strict-schema';

// cc_rest.yaml: CardTypeSearch / CardType: href, id, name, division, notes, facilityCode, availableCardStates (enum),
// credentialClass (enum), minimumNumber / maximumNumber (strings), regex, regexDescription.
const cardType = vendor.object({
  href: vendor.href(),
  id: vendor.id().optional(),
  name: z.string(),
  division: vendor.object({ href: vendor.href() }).optional(),
  notes: z.string().optional(),
  facilityCode: z.string().regex(/^[A-P]\d{0,5}$/).optional(),
  availableCardStates: z.array(z.enum(['Active', 'Disabled (manually)', 'Lost', 'Stolen', 'Damaged'])).optional(),
  credentialClass: z.enum(['piv', 'pivi', 'card', 'mobile', 'digitalId', 'govPass', 'trackingTag', 'transact']).optional(),
  minimumNumber: z.string().optional(),
  maximumNumber: z.string().optional(),
  regex: z.string().optional(),
  regexDescription: z.string().optional(),
});
// cc_rest.yaml: /api/card_types/assign `fields`.
const ALL_FIELDS = 'href,id,name,division,facilityCode,availableCardStates,credentialClass,minimumNumber,maximumNumber,notes,regex,regexDescription';

describeAtVersions('card types (cc_rest.yaml: /api/card_types, /assign, /{id})', (site) => {
  it('both lists answer in the vendor CardTypeSearch shape, and every href they give leads to the card type', async () => {
    for (const key of ['cardTypes', 'assign']) {
      const href = (await site().feature('cardTypes', key))!;
      for (const query of [{}, { fields: ALL_FIELDS }] as Record<string, string>[]) {
        const page = (await site().get(href, query)).json;
        expectConforms(searchPage(cardType), page, `${key} at ${site().version}`);
        for (const type of page.results as { href: string }[]) {
          const detail = await site().get(type.href);
          expect(detail.status, type.href).toBe(200);
          expectConforms(cardType, detail.json, type.href);
        }
      }
    }
  });
});
