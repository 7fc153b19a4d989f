import { expect, it } from 'vitest';
import { z } from 'zod';
import { VisitorCardService } from '../../electron/core/reception/visitor-cards';
import type { ReceivedRequest } from '../../electron/simulator/index';
import { callsMade, requestsWhileDriving } from './support/desk-requests';
import { describeAtVersions, type SiteAtVersion } from './support/site-at-version';
import { expectConforms, vendor } from './support/strict-schema';
import { differencesFromVendor } from './support/vendor-requests';

// A visitor's card at reception: cc_rest.yaml CardholderPATCH.cards (`add` with a type and a number, `remove`
// by href, from 8.90 with the card's final state), CardholderCard (a number unique within its type, one
// its type allows; status.value from the type's state set, status.type one of pending, active, expired,
// inactive; from and until), and what the desk sends for it.

/** cc_rest.yaml CardholderCard as a card of an ordinary type comes back. */
const heldCard = vendor.object({
  href: vendor.href(),
  number: z.string(),
  issueLevel: z.number().int().min(0).max(15).optional(),
  status: vendor.object({ value: z.string(), type: z.enum(['pending', 'active', 'expired', 'inactive']) }),
  type: vendor.object({ href: vendor.href(), name: z.string() }),
  from: vendor.dateTime().optional(),
  until: vendor.dateTime().optional(),
});

type Type = { href: string; name: string };

async function typesOf(site: SiteAtVersion): Promise<Record<string, Type>> {
  const list = (await site.get((await site.feature('cardTypes', 'cardTypes'))!)).json.results as Type[];
  return Object.fromEntries(list.map((t) => [t.name, t]));
}

function patch(site: SiteAtVersion, holder: string, body: unknown) {
  return site.client.send('PATCH', holder, JSON.stringify(body), { 'content-type': 'application/json' });
}

describeAtVersions("a visitor's card added and removed (cc_rest.yaml: CardholderPATCH.cards, CardholderCard)", (site) => {
  it('adds a card of an ordinary type with its number and end, and shows it as a CardholderCard', async () => {
    const types = await typesOf(site());
    const holder = `${site().sim.url}/api/cardholders/ch-v-cobi`;
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const added = await patch(site(), holder, { cards: { add: [{ type: { href: types['Visitor Card']!.href }, number: '7001', until }] } });
    expect(added.status).toBe(204);
    const after = await site().get(holder);
    const card = (after.json.cards as { number: string }[]).find((c) => c.number === '7001');
    expectConforms(heldCard.required({ until: true }), card, 'the added card');
    expect(card).toMatchObject({ status: { value: 'Active', type: 'active' }, type: { name: 'Visitor Card' } });
    expect(Date.parse((card as unknown as { until: string }).until)).toBe(Date.parse(until));
  });

  it('refuses a number another card of the type holds, one outside the type\'s range or rule, and a state not in its set (400)', async () => {
    const types = await typesOf(site());
    const holder = `${site().sim.url}/api/cardholders/ch-v-cobi`;
    const add = (card: Record<string, unknown>) => patch(site(), holder, { cards: { add: [card] } });
    // 4104 is Priya Raman's proximity card; 7001 was lent above.
    expect((await add({ type: { href: types['Proximity Card']!.href }, number: '4104' })).status).toBe(400);
    expect((await add({ type: { href: types['Visitor Card']!.href }, number: '7001' })).status).toBe(400);
    expect((await add({ type: { href: types['Proximity Card']!.href }, number: '99999999' })).status).toBe(400);
    expect((await add({ type: { href: types['Visitor Card']!.href }, number: 'AB-12' })).status).toBe(400);
    expect((await add({ type: { href: types['Visitor Card']!.href } })).status).toBe(400);
    expect((await add({ type: { href: types['Visitor Card']!.href }, number: '7002', status: { value: 'Borrowed' } })).status).toBe(400);
    // The same number of another type is another card.
    expect((await add({ type: { href: types['Visitor Card']!.href }, number: '4104' })).status).toBe(204);
  });

  it('removes a card by its href; from 8.90 a removal may carry a final state of the type\'s set', async () => {
    const holder = `${site().sim.url}/api/cardholders/ch-v-cobi`;
    const cards = (await site().get(holder)).json.cards as { href: string; number: string }[];
    const lent = cards.find((c) => c.number === '4104')!;
    if (site().version !== '8.60') {
      expect((await patch(site(), holder, { cards: { remove: [{ href: lent.href, status: { value: 'Borrowed' } }] } })).status).toBe(400);
    }
    const removed = await patch(site(), holder, { cards: { remove: [{ href: lent.href, ...(site().version !== '8.60' ? { status: { value: 'disabled (manually)' } } : {}) }] } });
    expect(removed.status).toBe(204);
    const after = (await site().get(holder)).json.cards as { href: string }[];
    expect(after.some((c) => c.href === lent.href)).toBe(false);
  });
});

function driveTheCards(site: SiteAtVersion): Promise<ReceivedRequest[]> {
  const { sim } = site;
  return requestsWhileDriving(site, async (session) => {
    const cards = new VisitorCardService({ session: () => session, cardInReader: () => Promise.reject(new Error('no reader in this test')) });
    const { types } = await cards.cardTypes();
    const type = types.find((t) => t.name === 'Visitor Card')!;
    const cardholder = `${sim.url}/api/cardholders/ch-v-jnakamura`;
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const issued = await cards.issue({ cardholder, visitorName: 'Jun Nakamura', type, number: '7100', until });
    const card = issued.cards.find((c) => c.number === '7100')!;
    await cards.collect({ cardholder, visitorName: 'Jun Nakamura', card: card.href, number: '7100' });
  });
}

describeAtVersions("what the desk sends for a visitor's card, against the vendor's requests", (site) => {
  it('the card types, the add and the remove are calls, parameters, fields and bodies the vendor describes', async () => {
    const sent = await driveTheCards(site());
    expect(sent.flatMap(differencesFromVendor)).toEqual([]);
    const made = callsMade(sent);
    expect(made).toContain('GET /api/card_types/assign');
    expect(made.filter((m) => m === 'PATCH /api/cardholders/{id}')).toHaveLength(2);
    const bodies = sent.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body ?? '{}') as { cards: Record<string, unknown[]> });
    expect(Object.keys(bodies[0]!.cards)).toEqual(['add']);
    expect(Object.keys(bodies[1]!.cards)).toEqual(['remove']);
  });
});
