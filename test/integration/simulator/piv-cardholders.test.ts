import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { feature, simulatorForTheseTests, startWithClient, TestClient } from './support';

// Spec: PIV card (fields, pivData, chuid), Endpoints: PIV cards, PIV payload rejection, PIV card status rules.
const b64 = (text: string) => Buffer.from(text).toString('base64');
const FASCN = '12345678123456111234567890112341';
const HASH = b64('h'.repeat(32));

function pivCard(typeHref: string, changes: Record<string, unknown> = {}, pivChanges: Record<string, unknown> = {}) {
  return {
    number: FASCN,
    type: { href: typeHref },
    pivData: {
      chuid: { fascn: FASCN, hash: HASH, orgIdentifier: '1234' },
      contentSigningCert: b64('content signing certificate'),
      pivAuthenticationCert: b64('piv authentication certificate'),
      cardAuthenticationCert: b64('card authentication certificate'),
      fingerprints: b64('fingerprint records'),
      ...pivChanges,
    },
    ...changes,
  };
}

describe('PIV cardholders', () => {
  const server = simulatorForTheseTests({ site: privilegeSite(), version: '8.60' });
  let cardholders: string;
  let pivType: string;
  beforeAll(async () => {
    cardholders = await feature(server.client, 'cardholders', 'cardholders');
    const types = (await server.client.get(await feature(server.client, 'cardTypes', 'cardTypes'))).json.results;
    pivType = types.find((t: { credentialClass: string }) => t.credentialClass === 'piv').href;
  });
  const division = () => ({ href: `${server.sim.url}/api/divisions/north` });
  const create = (cards: unknown[], extra: Record<string, unknown> = {}) =>
    server.client.post(cardholders, { division: division(), firstName: 'Pat', lastName: 'Lee', cards, ...extra });

  it('card types: the PIV type has credentialClass piv; availableCardStates only when asked for', async () => {
    const types = (await server.client.get('/api/card_types/assign')).json.results;
    expect(types[0]).not.toHaveProperty('availableCardStates');
    const withStates = (await server.client.get('/api/card_types/assign?fields=href,name,credentialClass,availableCardStates')).json.results;
    expect(withStates.find((t: { href: string }) => t.href === pivType).availableCardStates).toEqual(['Active', 'Disabled (manually)']);
  });

  it('POST creates the cardholder: 201 with location; GET shows the card without certificates by default', async () => {
    const reply = await create([pivCard(pivType)]);
    expect(reply.status).toBe(201);
    const location = reply.headers.location as string;
    expect(location).toMatch(new RegExp(`^${server.sim.url}/api/cardholders/`));
    const holder = (await server.client.get(location)).json;
    expect(holder).toMatchObject({ firstName: 'Pat', lastName: 'Lee', division: division() });
    const card = holder.cards[0];
    expect(card).toMatchObject({
      number: '1234-5678-123456-111234567890112341',
      issueLevel: 1,
      type: { href: pivType },
      status: { value: 'Active', type: 'active' },
    });
    expect(Object.keys(card.pivData).sort()).toEqual(['chuid', 'lastCheckTime', 'pivStatus']);
    expect(card.pivData.pivStatus).toEqual({ type: 'NotChecked' });
    const full = (await server.client.get(`${location}?fields=defaults,cards.pivData`)).json.cards[0].pivData;
    expect(full.contentSigningCert).toBe(b64('content signing certificate'));
    expect(full.fingerprints).toBe(b64('fingerprint records'));
    const one = (await server.client.get(`${location}?fields=cards.pivData.pivAuthenticationCert`)).json.cards[0].pivData;
    expect(one).toHaveProperty('pivAuthenticationCert');
    expect(one).not.toHaveProperty('contentSigningCert');
  });

  it('GET of a card href is 404; DELETE of it removes the card', async () => {
    const location = (await create([pivCard(pivType)])).headers.location as string;
    const cardHref = (await server.client.get(location)).json.cards[0].href;
    expect((await server.client.get(cardHref)).status).toBe(404);
    expect((await server.client.send('DELETE', cardHref)).status).toBe(204);
    expect((await server.client.get(location)).json.cards).toEqual([]);
  });

  it.each([
    ['contentSigningCert missing', {}, { contentSigningCert: undefined }, /contentSigningCert/],
    ['pivAuthenticationCert not Base64', {}, { pivAuthenticationCert: 'not base64!' }, /pivAuthenticationCert/],
    ['cardAuthenticationCert not Base64', {}, { cardAuthenticationCert: '***' }, /cardAuthenticationCert/],
    ['fingerprints not Base64', {}, { fingerprints: 'abc' }, /fingerprints/],
    ['CHUID hash missing before 8.70', {}, { chuid: { fascn: FASCN } }, /hash/],
    ['CHUID hash not Base64', {}, { chuid: { fascn: FASCN, hash: '@@' } }, /hash/],
    ['FASC-N differs from the number on a PIV card', { number: '1'.repeat(32) }, {}, /must equal the FASC-N/],
    ['PIV-I number equal to its FASC-N', { number: `${'9'.repeat(14)}110000000001100001` }, { chuid: { fascn: `${'9'.repeat(14)}110000000001100001`, hash: HASH } }, /must differ/],
    ['unknown pivStatus', {}, { pivStatus: { type: 'Fine' } }, /pivStatus/],
    ['bad status value', { status: { value: 'lost' } }, {}, /status.value/],
    ['not the PIV card type', { type: { href: 'https://127.0.0.1/api/card_types/1' } }, {}, /PIV card type/],
  ])('rejects a payload with %s (400, reason)', async (_what, changes, pivChanges, reason) => {
    const reply = await create([pivCard(pivType, changes, pivChanges)]);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(reason);
  });

  it('ignores hyphens in the number and accepts a PIV-I card whose number differs from its FASC-N', async () => {
    const hyphenated = '1234-5678-123456-1-1-1234567890-1-1234-1';
    expect((await create([pivCard(pivType, { number: hyphenated })])).status).toBe(201);
    const pivI = `${'9'.repeat(14)}110000000001100001`;
    expect((await create([pivCard(pivType, { number: '123456789012345678901234567890' }, { chuid: { fascn: pivI, hash: HASH } })])).status).toBe(201);
  });

  it('refuses a cardholder without a division or names (400), and a malformed body (400)', async () => {
    expect((await server.client.post(cardholders, { firstName: 'X' })).status).toBe(400);
    expect((await server.client.post(cardholders, { division: division() })).status).toBe(400);
    expect((await server.client.post(cardholders, '{"division":')).status).toBe(400);
  });

  it('is 403 without the PIV licence or without the Create privilege', async () => {
    const north = new TestClient(server.sim, { authorization: `GGL-API-KEY ${KEYS.north}` });
    expect((await north.post(cardholders, { division: division(), firstName: 'N', cards: [] })).status).toBe(403);
    await north.close();
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides']);
    expect((await create([pivCard(pivType)])).status).toBe(403);
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV']);
  });
});

describe('PIV card status rules', () => {
  const server = simulatorForTheseTests({ version: '9.40' });
  let pivType: string;
  beforeAll(async () => {
    pivType = (await server.client.get('/api/card_types/assign')).json.results.find((t: { credentialClass: string }) => t.credentialClass === 'piv').href;
  });

  async function newCard(changes: Record<string, unknown> = {}, pivChanges: Record<string, unknown> = {}) {
    const reply = await server.client.post('/api/cardholders', {
      division: { href: `${server.sim.url}/api/divisions/root` },
      lastName: 'Card',
      cards: [pivCard(pivType, changes, pivChanges)],
    });
    expect(reply.status).toBe(201);
    const holder = reply.headers.location as string;
    const card = (await server.client.get(holder)).json.cards[0];
    return { holder, card };
  }
  const update = async (holder: string, element: Record<string, unknown>) => {
    const reply = await server.client.send('PATCH', holder, JSON.stringify({ cards: { update: [element] } }), { 'content-type': 'application/json' });
    return { status: reply.status, card: (await server.client.get(holder)).json.cards[0], reply };
  };

  it('8.70+: the CHUID hash is optional', async () => {
    const { card } = await newCard({}, { chuid: { fascn: FASCN } });
    expect(card.pivData.chuid).not.toHaveProperty('hash');
  });

  it('create with a PIV status other than NotChecked, Normal, Offline: inactive whatever status was sent', async () => {
    const { card } = await newCard({ status: { value: 'ACTIVE' } }, { pivStatus: { type: 'Revoked' } });
    expect(card.status.type).toBe('inactive');
    expect(card.status.value).toMatch(/Revoked/);
  });

  it('update: Normal with no status activates; Normal with disabled (manually) stays disabled', async () => {
    const { holder, card } = await newCard({ status: { value: 'disabled (manually)' } });
    expect(card.status).toEqual({ value: 'Disabled (manually)', type: 'inactive' });
    const kept = await update(holder, { href: card.href, status: { value: 'Disabled (manually)' }, pivData: { pivStatus: { type: 'Normal' } } });
    expect(kept.card.status).toEqual({ value: 'Disabled (manually)', type: 'inactive' });
    const activated = await update(holder, { href: card.href, pivData: { pivStatus: { type: 'Offline' } } });
    expect(activated.card.status).toEqual({ value: 'Active', type: 'active' });
    expect(activated.card.pivData.pivStatus).toEqual({ type: 'Offline' });
  });

  it('update: an invalid PIV status makes the card inactive, and activation is then not possible', async () => {
    const { holder, card } = await newCard();
    const expired = await update(holder, { href: card.href, pivData: { pivStatus: { type: 'Expired' } } });
    expect(expired.card.status).toEqual({ value: 'Time Invalid (PIV certificate)', type: 'inactive' });
    const stillInactive = await update(holder, { href: card.href, status: { value: 'active' } });
    expect(stillInactive.card.status.type).toBe('inactive');
  });

  it('after creation only pivStatus can change (400 for any other pivData field)', async () => {
    const { holder, card } = await newCard();
    const refused = await update(holder, { href: card.href, pivData: { contentSigningCert: b64('other') } });
    expect(refused.status).toBe(400);
    expect(refused.reply.json.message).toMatch(/Only pivData.pivStatus/);
  });

  // cc_rest.yaml: /api/cardholders/{id} [PIV] PATCH: cards.add, cards.update, cards.remove; unknown members are ignored.
  it('PATCH ignores a `delete` array, as a real server does: the card stays', async () => {
    const { holder, card } = await newCard();
    const ignored = await server.client.send('PATCH', holder, JSON.stringify({ cards: { delete: [{ href: card.href }] } }), { 'content-type': 'application/json' });
    expect(ignored.status).toBe(204);
    expect((await server.client.get(holder)).json.cards.map((c: { href: string }) => c.href)).toEqual([card.href]);
  });

  it('PATCH adds and removes cards', async () => {
    const { holder, card } = await newCard();
    const added = await server.client.send(
      'PATCH',
      holder,
      JSON.stringify({ firstName: 'Renamed', cards: { add: [pivCard(pivType)], remove: [{ href: card.href }] } }),
      { 'content-type': 'application/json' },
    );
    expect(added.status).toBe(204);
    const after = (await server.client.get(holder)).json;
    expect(after.firstName).toBe('Renamed');
    expect(after.cards).toHaveLength(1);
    expect(after.cards[0].href).not.toBe(card.href);
  });
});

describe('PIV certificates before 8.10', () => {
  it('are never returned, even when asked for', async () => {
    const { sim, client } = await startWithClient({ version: '8.00' });
    const pivType = (await client.get('/api/card_types')).json.results.find((t: { credentialClass: string }) => t.credentialClass === 'piv').href;
    const reply = await client.post('/api/cardholders', { division: { href: `${sim.url}/api/divisions/root` }, lastName: 'Old', cards: [pivCard(pivType)] });
    const card = (await client.get(`${reply.headers.location}?fields=cards.pivData`)).json.cards[0];
    expect(card.pivData).not.toHaveProperty('contentSigningCert');
    await client.close();
    await sim.stop();
  });
});
