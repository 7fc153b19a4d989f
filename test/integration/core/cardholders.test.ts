import { describe, expect, it } from 'vitest';
import { findPivCardType } from '../../../electron/core/api/card-types';
import { createCardholder, deleteCard, followCardholder, getCardholder, updateCardholderCards } from '../../../electron/core/api/cardholders';
import { cardholderLocationZones, collect, searchPassengerElevatorGroups } from '../../../electron/core/api/items';
import { control, useDiscoveredSite } from '../support/site';
import { atLeast, orSkipIfMissing, VERSIONS } from '../support/versions';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const HASH = b64('h'.repeat(32));
const FASCNS = ['12345678123456111234567890112341', '12345678123457111234567890112342', '12345678123458111234567890112343'];

function pivCard(typeHref: string, fascn: string, chuid: Record<string, unknown> = { hash: HASH }) {
  return {
    number: fascn,
    type: { href: typeHref },
    pivData: {
      chuid: { fascn, ...chuid },
      contentSigningCert: b64('content signing certificate'),
      pivAuthenticationCert: b64('piv authentication certificate'),
      fingerprints: b64('fingerprint records'),
    },
  };
}

describe.each(VERSIONS)('cardholders and PIV cards at server version %s', (version) => {
  const live = useDiscoveredSite({ version });
  const division = () => ({ href: `${live.site.url}/api/divisions/north` });

  it('finds the PIV card type by credentialClass at the path this version uses', async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    expect(type.credentialClass).toBe('piv');
    expect(type.href).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
  });

  it('creates a cardholder with a PIV card (201 + location), reads it, with certificates only when asked', async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    const href = await createCardholder(live.transport, live.discovery, { division: division(), firstName: 'Pat', lastName: 'Lee', cards: [pivCard(type.href, FASCNS[0]!)] });
    expect(href).toMatch(new RegExp(`^${live.site.url}/api/cardholders/`));
    const holder = await getCardholder(live.transport, href);
    expect(holder).toMatchObject({ firstName: 'Pat', lastName: 'Lee' });
    expect(holder.cards).toHaveLength(1);
    expect(holder.cards![0]!.pivData?.contentSigningCert).toBeUndefined();
    expect(holder.cards![0]!.pivData?.pivStatus?.type).toBe('NotChecked');
    if (atLeast(version, '8.10')) {
      const full = await getCardholder(live.transport, href, ['defaults', 'cards.pivData']);
      expect(full.cards![0]!.pivData?.contentSigningCert).toBe(b64('content signing certificate'));
      expect(full.cards![0]!.pivData?.fingerprints).toBe(b64('fingerprint records'));
    }
  });

  it("follows a cardholder through its updates link: the first answer is the start, a card added elsewhere is a change", async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    const href = await createCardholder(live.transport, live.discovery, { division: division(), firstName: 'Sam', lastName: 'Ode', cards: [pivCard(type.href, FASCNS[0]!)] });
    const holder = await getCardholder(live.transport, href);
    expect(holder.updates?.href).toBe(`${href}/updates`);
    const start = await followCardholder(live.transport, holder.updates!.href);
    expect(start.changed).toBe(true);
    const waiting = followCardholder(live.transport, start.next);
    await updateCardholderCards(live.transport, live.discovery, href, { add: [pivCard(type.href, FASCNS[1]!)] });
    expect((await waiting).changed).toBe(true);
  });

  it('refuses a card without the CHUID hash before 8.70 without sending; sends it from 8.70', async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    const before = (await control.events(live.site)).length;
    const create = () =>
      createCardholder(live.transport, live.discovery, { division: division(), lastName: 'NoHash', cards: [pivCard(type.href, FASCNS[1]!, {})] });
    if (atLeast(version, '8.70')) {
      await expect(create()).resolves.toMatch(/\/api\/cardholders\//);
    } else {
      await expect(create()).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/chuid\.hash/) });
      expect((await control.events(live.site)).slice(before).filter((e) => e.type === 'cardholder')).toHaveLength(0);
    }
  });

  it('PATCH adds, updates and removes cards; DELETE removes a card by its href', async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    const href = await createCardholder(live.transport, live.discovery, { division: division(), firstName: 'Sam', cards: [pivCard(type.href, FASCNS[0]!)] });
    await updateCardholderCards(live.transport, live.discovery, href, { add: [pivCard(type.href, FASCNS[1]!), pivCard(type.href, FASCNS[2]!)] });
    let cards = (await getCardholder(live.transport, href)).cards!;
    expect(cards).toHaveLength(3);

    await updateCardholderCards(live.transport, live.discovery, href, { update: [{ href: cards[0]!.href, pivData: { pivStatus: { type: 'Revoked' } } }] });
    cards = (await getCardholder(live.transport, href)).cards!;
    expect(cards[0]!.pivData?.pivStatus?.type).toBe('Revoked');
    expect(cards[0]!.status?.type).toBe('inactive');

    // The simulator, like a real server, ignores a misnamed array: only `cards.remove` removes a card.
    await updateCardholderCards(live.transport, live.discovery, href, { remove: [cards[1]!.href] });
    expect((await getCardholder(live.transport, href)).cards!.map((c) => c.href)).not.toContain(cards[1]!.href);
    await deleteCard(live.transport, cards[2]!.href);
    const left = (await getCardholder(live.transport, href)).cards!;
    expect(left.map((c) => c.href)).toEqual([cards[0]!.href]);
  });

  it('turns a server refusal of a PIV payload into a bad request with its reason', async (ctx) => {
    const type = await orSkipIfMissing(ctx, 'the card-type list', () => findPivCardType(live.transport, live.discovery));
    // A PIV card's number must equal its FASC-N: a rule only the server (and shared/piv) checks.
    const card = { ...pivCard(type.href, FASCNS[0]!), number: '1'.repeat(32) };
    await expect(createCardholder(live.transport, live.discovery, { division: division(), lastName: 'X', cards: [card] })).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/FASC-N/),
    });
  });

  it('lists the zones a cardholder location may be set to (from 8.20), with the outside-of-system target', async (ctx) => {
    if (!atLeast(version, '8.20')) {
      await expect(cardholderLocationZones(live.transport, live.discovery)).rejects.toMatchObject({ code: 'licence' });
      return;
    }
    const result = await orSkipIfMissing(ctx, 'update_cardholder_location', () => cardholderLocationZones(live.transport, live.discovery, { top: 2 }));
    expect(result.zones.length).toBeGreaterThan(0);
    expect(result.outsideOfSystem).toMatch(/^https:/);
  });

  it('lists the elevator groups usable for passenger details, with their floors', async (ctx) => {
    const groups = await orSkipIfMissing(ctx, 'modify_passenger_details', () => collect(searchPassengerElevatorGroups(live.transport, live.discovery)));
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0]!.floorAccess?.length).toBeGreaterThan(0);
  });
});
