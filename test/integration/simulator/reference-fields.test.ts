import { describe, expect, it } from 'vitest';
import { feature, simulatorForTheseTests } from './support';

const FASCN = '12345678123456111234567890112341';
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('fields real clients rely on (vendor examples and prose)', () => {
  const server = simulatorForTheseTests({ version: '9.40', updatesTimeoutMs: 300 });

  it('a division block carries its id beside its href: door details, the card types, cardholders', async () => {
    const door = (await server.client.get('/api/doors/d-lobby-main')).json;
    expect(door.division).toEqual({ id: expect.any(String), href: `${server.sim.url}/api/divisions/${door.division.id}` });
    const types = (await server.client.get(await feature(server.client, 'cardTypes', 'assign'))).json.results;
    for (const t of types) expect(t.division.id).toBeTruthy();
  });

  it('card types carry the facility code and number range where they have one; the states and notes when asked', async () => {
    const href = await feature(server.client, 'cardTypes', 'cardTypes');
    const plain = (await server.client.get(href)).json.results as Record<string, unknown>[];
    const prox = plain.find((t) => t.credentialClass === 'card')!;
    expect(prox).toMatchObject({ facilityCode: 'A1203', minimumNumber: '1', maximumNumber: '16777215' });
    expect(prox.notes).toBeUndefined();
    expect(plain.find((t) => t.credentialClass === 'piv')!.facilityCode).toBeUndefined();
    expect(plain.find((t) => t.credentialClass === 'mobile')).toMatchObject({ regex: '^[A-Za-z0-9]+$', regexDescription: 'Letters and digits only' });
    const asked = (await server.client.get(`${href}?fields=defaults,availableCardStates,notes`)).json.results as Record<string, unknown>[];
    expect(asked.find((t) => t.credentialClass === 'card')).toMatchObject({ notes: 'Staff and contractor badges', availableCardStates: ['Active', 'Disabled (manually)', 'Lost', 'Stolen'] });
  });

  it('an alarm the server raises itself names the server item, whose href answers through the items controller', async () => {
    server.sim.control.raiseAlarm({ kind: 'external' });
    const alarms = (await server.client.get(await feature(server.client, 'alarms', 'alarms'))).json.alarms as { source: { id: string; href?: string } }[];
    const raised = alarms.at(-1)!;
    expect(raised.source.href).toBe(`${server.sim.url}/api/items/${raised.source.id}`);
    const serverItem = await server.client.get(raised.source.href!);
    expect(serverItem.status).toBe(200);
    expect(serverItem.json).toMatchObject({ id: raised.source.id, type: { name: 'Server' }, division: { id: expect.any(String) } });
  });

  it('the events and alarms controllers link their division lists, each a page of divisions', async () => {
    for (const group of ['alarms', 'events']) {
      const href = await feature(server.client, group, 'divisions');
      const page = (await server.client.get(href)).json;
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results[0]).toMatchObject({ href: expect.stringContaining('/api/divisions/'), id: expect.any(String), name: expect.any(String) });
    }
  });

  it("a cardholder's detail links updates, edit and updateLocation; updates answers at once, then holds until the cardholder changes", async () => {
    const types = (await server.client.get(`${await feature(server.client, 'cardTypes', 'assign')}?fields=href,credentialClass`)).json.results as { href: string; credentialClass: string }[];
    const created = await server.client.post(await feature(server.client, 'cardholders', 'cardholders'), { division: { href: `${server.sim.url}/api/divisions/north` }, firstName: 'Lee', lastName: 'Park' });
    const href = created.headers.location as string;
    const detail = (await server.client.get(href)).json;
    expect(detail).toMatchObject({ authorised: false, edit: { href: `${href}/edit` }, updateLocation: { href: `${href}/update_location` }, updates: { href: `${href}/updates` } });

    const first = (await server.client.get(detail.updates.href)).json;
    expect(first.updates).toMatchObject({ href, firstName: 'Lee', cards: [] });
    // Nothing changes: the hold ends with an empty update and the same cursor.
    const quiet = (await server.client.get(first.next.href)).json;
    expect(quiet.updates).toEqual({});
    // A card added while the call waits ends it with the new detail.
    const waiting = server.client.get(quiet.next.href);
    const piv = types.find((t) => t.credentialClass === 'piv')!;
    await server.client.send('PATCH', href, JSON.stringify({ cards: { add: [{ type: { href: piv.href }, number: FASCN, pivData: { chuid: { fascn: FASCN, hash: b64('h'.repeat(32)) }, contentSigningCert: b64('c'), pivAuthenticationCert: b64('p') } }] } }), { 'content-type': 'application/json' });
    expect((await waiting).json.updates.cards).toHaveLength(1);

    expect((await server.client.get(detail.edit.href)).status).toBe(200);
    const moved = await server.client.post(detail.updateLocation.href, { accessZone: { href: `${server.sim.url}/api/access_zones/az-labs` } });
    expect(moved.status).toBe(204);
    expect((await server.client.post(detail.updateLocation.href, { accessZone: { href: `${server.sim.url}/api/doors/d-lobby-main` } })).status).toBe(400);
  });

  it('a day category\'s href answers the whole day category; the search leaves description and notes to fields', async () => {
    const page = (await server.client.get(await feature(server.client, 'dayCategories', 'dayCategories'))).json.results as { href: string; description?: string }[];
    expect(page.every((d) => d.description === undefined)).toBe(true);
    const weekday = page.find((d) => d.href.endsWith('/dc-weekday'))!;
    expect((await server.client.get(weekday.href)).json).toEqual({ href: weekday.href, name: 'Weekday', description: 'Monday to Friday' });
  });
});
