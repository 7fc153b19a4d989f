import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../../electron/core/api/auth';
import { findPivCardType } from '../../electron/core/api/card-types';
import { createCardholder, deleteCard, getCardholder, updateCardholderCards } from '../../electron/core/api/cardholders';
import { discover } from '../../electron/core/api/discovery';
import { cardholderLocationZones, collect, searchPassengerElevatorGroups } from '../../electron/core/api/items';
import { ContractEvents } from '../../electron/core/events';
import { SiteSession } from '../../electron/core/site-session';
import type { ReceivedRequest } from '../../electron/simulator/index';
import type { BoardItem } from '../../shared/domain';
import { TEST_TIMING } from '../integration/support/session';
import { deskConfigFor, eventually, transportFor } from '../integration/support/site';
import { templatePath } from './support/request-recorder';
import { describeAtVersions, type SiteAtVersion } from './support/site-at-version';
import { differencesFromVendor, VENDOR_REQUESTS } from './support/vendor-requests';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const FASCNS = ['12345678123456111234567890112341', '12345678123457111234567890112342', '12345678123458111234567890112343'];
const pivCard = (typeHref: string, fascn: string) => ({
  number: fascn,
  type: { href: typeHref },
  pivData: {
    chuid: { fascn, hash: b64('h'.repeat(32)) },
    contentSigningCert: b64('content signing certificate'),
    pivAuthenticationCert: b64('piv authentication certificate'),
  },
});

/**
 * The desk as it ships (the core's default Authorization form), run against the simulator: the board
 * loaded and watched, overrides sent from the board's own offers, a cardholder enrolled and its PIV
 * cards changed. Every request it sent is then measured against the vendor's requests.
 */
async function driveTheDesk(site: SiteAtVersion): Promise<ReceivedRequest[]> {
  const { sim, recorder } = site;
  const mark = recorder.mark();
  const config = deskConfigFor(sim, { auth: DEFAULT_AUTH });
  const events = new ContractEvents();
  let items: readonly BoardItem[] = [];
  let statuses = 0;
  events.onBoard((list) => (items = list));
  events.on('status.delta', (batch) => (statuses += batch.length));
  const session = new SiteSession(config, events, undefined, TEST_TIMING);
  void session.start();
  const transport = transportFor(sim, { auth: DEFAULT_AUTH });
  try {
    await eventually(() => items.length > 0 && statuses > 0, 'the board and its first statuses', 25_000);
    const offering = (kind: string, command: string, id?: string) =>
      items.find((i) => i.kind === kind && i.commands.includes(command) && (id === undefined || i.id === id));
    const endTime = new Date(sim.control.now() + 30 * 60_000).toISOString();
    const requestedBy = site.version === '8.60' ? {} : { requestedBy: 'ch-guard' };
    await session.command({ href: offering('door', 'open')!.href, command: 'open', ...requestedBy });
    await session.command({ href: offering('accessZone', 'freeUntil', 'az-plant')!.href, command: 'freeUntil', endTime });
    await session.command({ href: offering('accessZone', 'setZoneCount')!.href, command: 'setZoneCount', zoneCount: 3 });
    await session.command({ href: offering('alarmZone', 'armLowFeelUntil', 'alz-perimeter')!.href, command: 'armLowFeelUntil', endTime });

    const discovery = await discover(transport);
    const type = await findPivCardType(transport, discovery);
    const north = { href: `${sim.url}/api/divisions/north` };
    const holder = await createCardholder(transport, discovery, { division: north, firstName: 'Pat', lastName: 'Lee', cards: [pivCard(type.href, FASCNS[0]!)] });
    await updateCardholderCards(transport, discovery, holder, { add: [pivCard(type.href, FASCNS[1]!), pivCard(type.href, FASCNS[2]!)] });
    const cards = (await getCardholder(transport, holder, ['cards', 'cards.pivData'])).cards!;
    await updateCardholderCards(transport, discovery, holder, { update: [{ href: cards[0]!.href, pivData: { pivStatus: { type: 'Revoked' } } }] });
    await updateCardholderCards(transport, discovery, holder, { remove: [cards[1]!.href] });
    await deleteCard(transport, cards[2]!.href);
    expect((await getCardholder(transport, holder)).cards!.map((c) => c.href)).toEqual([cards[0]!.href]);
    await collect(searchPassengerElevatorGroups(transport, discovery));
    await cardholderLocationZones(transport, discovery);
  } finally {
    await session.stop();
    await transport.close();
  }
  return recorder.since(mark);
}

describeAtVersions('what the desk sends, against the vendor\'s requests', (site) => {
  let sent: ReceivedRequest[] = [];

  it('every path, query parameter, `fields` value and body is one the vendor describes', async () => {
    sent = await driveTheDesk(site());
    expect(sent.flatMap(differencesFromVendor)).toEqual([]);
    // The calls this check covers were made (a desk that stopped making one would go unchecked).
    const made = new Set(sent.map((r) => `${r.method} ${templatePath(r.url.pathname, VENDOR_REQUESTS.map((v) => v.path))}`));
    // Division names: from one list, the server's where /api links one, else the events' division list.
    const divisionNames = (await site().feature('divisions', 'divisions')) ? 'GET /api/divisions' : 'GET /api/divisions/view_events';
    for (const call of ['GET /api', 'GET /api/doors', 'GET /api/outputs', 'GET /api/access_zones/{id}/updates', divisionNames, 'POST /api/items/updates', 'POST /api/doors/{id}/open',
      'POST /api/access_zones/{id}/free', 'POST /api/access_zones/{id}/set_zone_count', 'POST /api/alarm_zones/{id}/armLowFeel',
      'GET /api/card_types/assign', 'POST /api/cardholders', 'PATCH /api/cardholders/{id}', 'GET /api/cardholders/{id}',
      'DELETE /api/cardholders/{id}/cards/{cardId}', 'GET /api/elevator_groups/modify_passenger_details',
      'GET /api/access_zones/update_cardholder_location']) {
      expect(made, call).toContain(call);
    }
  });

  /**
   * rest_training.adoc ("Authorization"): `GGL-API-KEY`, one space, the key as issued (upper case);
   * cc_rest.yaml (9.0 and later): or HTTP Basic. Checked on every request the desk sent above.
   */
  it('the Authorization header has the vendor\'s form: one scheme word, one space, the key as issued', () => {
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const header = request.headers.authorization;
      expect(typeof header).toBe('string');
      expect(header as string).toMatch(/^[A-Za-z-]+ \S+$/);
      const [word, value] = (header as string).split(' ') as [string, string];
      if (word === 'Basic') expect(Buffer.from(value, 'base64').toString('utf8')).toMatch(new RegExp(`:${site().sim.apiKey}$`));
      else expect(value).toBe(site().sim.apiKey);
    }
  });

  it('the scheme word is the vendor\'s GGL-API-KEY', () => {
    const words = new Set(sent.map((r) => String(r.headers.authorization).split(' ')[0]));
    expect([...words]).toEqual(['GGL-API-KEY']);
  });
});

describe('the request check itself', () => {
  const request = (method: string, url: string, body?: unknown): ReceivedRequest => ({
    method,
    url: new URL(url),
    headers: {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  it('finds a misnamed card array, an unknown parameter, an unlisted field, a bad end time and an unknown call', () => {
    const card = 'https://127.0.0.1:1/api/cardholders/7/cards/9';
    expect(differencesFromVendor(request('PATCH', 'https://127.0.0.1:1/api/cardholders/7', { cards: { delete: [{ href: card }] } }))).toEqual([
      expect.stringMatching(/body differs from the vendor's[\s\S]*delete/),
    ]);
    expect(differencesFromVendor(request('PATCH', 'https://127.0.0.1:1/api/cardholders/7', { cards: { remove: [{ href: card }] } }))).toEqual([]);
    expect(differencesFromVendor(request('GET', 'https://127.0.0.1:1/api/doors?limit=5'))).toEqual([expect.stringMatching(/takes no "limit"/)]);
    expect(differencesFromVendor(request('GET', 'https://127.0.0.1:1/api/alarm_zones?fields=statusText'))).toEqual([expect.stringMatching(/no field "statusText"/)]);
    expect(differencesFromVendor(request('POST', 'https://127.0.0.1:1/api/doors/1/open', { endTime: 'soon' }))).toHaveLength(1);
    expect(differencesFromVendor(request('GET', 'https://127.0.0.1:1/api/doors/1/unlock'))).toEqual([expect.stringMatching(/no such call/)]);
  });
});
