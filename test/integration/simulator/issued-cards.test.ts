import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { privilegeSite } from './fixtures/sites';
import { TestClient, startWithClient } from './support';

// Cards of the site's ordinary types on a cardholder (a visitor's card lent at reception), as the
// reference has them: the cardholder calls' licence and the 'Edit Cardholders' privilege, the PIV
// licence only for PIV cards; dates that make a card pending or expired; a removal freeing the number.
const VIEWER_KEY = 'AAAA-0000-0000-0000-0000-0000-0000-0101';

describe('cards of ordinary types added to a cardholder', () => {
  let sim: RunningSimulator;
  let desk: TestClient;
  let viewer: TestClient;
  const types: Record<string, string> = {};
  const holder = () => `${sim.url}/api/cardholders/ch-v-cobi`;
  const add = (client: TestClient, card: Record<string, unknown>) =>
    client.send('PATCH', holder(), JSON.stringify({ cards: { add: [card] } }), { 'content-type': 'application/json' });
  const cardsOf = async () => (await desk.get(holder())).json.cards as { href: string; number: string; status: { value: string; type: string } }[];

  beforeAll(async () => {
    const site = privilegeSite((s) => {
      s.cardholders = [...(s.cardholders ?? []), { id: 'ch-viewer', firstName: 'Card', lastName: 'Viewer', division: 'root' }];
      s.operatorGroups = [...(s.operatorGroups ?? []), { id: 'og-viewer', name: 'Cardholder viewers', divisions: ['root'], privileges: ['View Cardholders'], members: ['ch-viewer'] }];
      s.restClients = [...s.restClients, { id: 'rc-viewer', name: 'Cardholder viewer', cardholder: 'ch-viewer', apiKey: VIEWER_KEY }];
    });
    ({ sim, client: desk } = await startWithClient({ site, version: '9.40' }));
    viewer = new TestClient(sim, { authorization: `GGL-API-KEY ${VIEWER_KEY}` });
    for (const t of (await desk.get('/api/card_types')).json.results as { href: string; name: string }[]) types[t.name] = t.href;
  });
  afterAll(async () => {
    await viewer.close();
    await desk.close();
    await sim.stop();
  });

  it("refuses an operator without 'Edit Cardholders' (403), and needs no PIV licence for an ordinary card", async () => {
    const refused = await add(viewer, { type: { href: types['Visitor Card'] }, number: '8001' });
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/Edit Cardholders/);
    sim.control.setLicences(['RESTCardholders']);
    try {
      expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8001' })).status).toBe(204);
      // A PIV card still needs the PIV licence.
      expect((await add(desk, { type: { href: types['PIV Card'] }, number: '1' })).status).toBe(403);
      sim.control.setLicences([]);
      expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8002' })).status).toBe(403);
    } finally {
      sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV', 'VisitorManagement']);
    }
  });

  it('gives a blank number of a decimal type the next free one, and shows a card before its from as pending, after its until as expired', async () => {
    expect((await add(desk, { type: { href: types['Proximity Card'] } })).status).toBe(204);
    const hour = 3_600_000;
    expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8003', from: new Date(Date.now() + hour).toISOString() })).status).toBe(204);
    expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8004', until: new Date(Date.now() - hour).toISOString() })).status).toBe(204);
    expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8005', from: new Date(Date.now() + hour).toISOString(), until: new Date().toISOString() })).status).toBe(400);
    const cards = await cardsOf();
    expect(cards.find((c) => c.number === '8003')?.status).toEqual({ value: 'Not Yet Activated', type: 'pending' });
    expect(cards.find((c) => c.number === '8004')?.status).toEqual({ value: 'Expired', type: 'expired' });
    expect(cards.some((c) => /^\d+$/.test(c.number) && Number(c.number) >= 1 && Number(c.number) < 4000)).toBe(true);
  });

  it('frees a removed card\'s number for the next cardholder, and a DELETE of its href removes it too', async () => {
    const lent = (await cardsOf()).find((c) => c.number === '8001')!;
    expect((await add(desk, { type: { href: types['Visitor Card'] }, number: '8001' })).status).toBe(400);
    const removed = await desk.send('PATCH', holder(), JSON.stringify({ cards: { remove: [{ href: lent.href }] } }), { 'content-type': 'application/json' });
    expect(removed.status).toBe(204);
    const next = await desk.send('PATCH', `${sim.url}/api/cardholders/ch-v-jnakamura`, JSON.stringify({ cards: { add: [{ type: { href: types['Visitor Card'] }, number: '8001' }] } }), { 'content-type': 'application/json' });
    expect(next.status).toBe(204);
    // The site's own proximity card goes the same way; a state that is not one of its type's is refused (9.40).
    const own = (await cardsOf()).find((c) => c.href.endsWith('/cards/prox-ch-v-cobi'))!;
    const remove = (card: Record<string, unknown>) => desk.send('PATCH', holder(), JSON.stringify({ cards: { remove: [card] } }), { 'content-type': 'application/json' });
    expect((await remove({ href: own.href, status: { value: 'Returned' } })).status).toBe(400);
    expect((await remove({ href: own.href, status: { value: 'lost' } })).status).toBe(204);
    expect((await cardsOf()).some((c) => c.href === own.href)).toBe(false);
    const pending = (await cardsOf()).find((c) => c.number === '8003')!;
    expect((await desk.send('DELETE', pending.href)).status).toBe(204);
    expect((await cardsOf()).some((c) => c.number === '8003')).toBe(false);
  });
});
