import { describe, expect, it } from 'vitest';
import { searchCardholders } from '../../../electron/core/api/cardholder-search';
import { discover } from '../../../electron/core/api/discovery';
import { listDivisions } from '../../../electron/core/api/divisions';
import type { Transport } from '../../../electron/core/api/transport';
import { loadCatalogue } from '../../../electron/core/board/catalogue';
import { divisionNamesFor } from '../../../electron/core/board/divisions';
import { DeskError } from '../../../shared/errors';
import { eventually, transportFor, useDiscoveredSite } from '../support/site';
import { atLeast, VERSIONS } from '../support/versions';
import { connectedDesk } from '../support/desk';

/** A transport whose GETs are counted by href, to tell a list read from one-by-one reads. */
function countingTransport(transport: Transport): { transport: Transport; gets: string[] } {
  const gets: string[] = [];
  const counted = new Proxy(transport, {
    get(target, prop, receiver) {
      if (prop === 'getJson') {
        return (href: string, ...rest: unknown[]) => {
          gets.push(href);
          return (target.getJson as (...a: unknown[]) => unknown).call(target, href, ...rest);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { transport: counted, gets };
}

describe.each(VERSIONS)('cardholder search and divisions at server version %s', (version) => {
  const live = useDiscoveredSite({ version });

  it('finds cardholders by part of a name, sorted by name, with their division', async () => {
    const found = await searchCardholders(live.transport, live.discovery, 'gran', { limit: 10 });
    expect(found.more).toBe(false);
    expect(found.matches.map((c) => [c.firstName, c.lastName, c.division?.href])).toEqual([
      ['Oliver', 'Grant', `${live.site.url}/api/divisions/root`],
      ['Hannah', 'Grantham', `${live.site.url}/api/divisions/north`],
    ]);
    expect(found.matches[0]!.id).toBe('ch-ogrant');
    expect(found.matches[0]!.href).toBe(`${live.site.url}/api/cardholders/ch-ogrant`);
  });

  it('gives at most the limit, and says more matched', async () => {
    const found = await searchCardholders(live.transport, live.discovery, 'a', { limit: 3 });
    expect(found.matches).toHaveLength(3);
    expect(found.more).toBe(true);
  });

  it('refuses the empty name before asking the server', async () => {
    const { transport, gets } = countingTransport(live.transport);
    await expect(searchCardholders(transport, live.discovery, '   ', { limit: 5 })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/at least one letter/) });
    expect(gets).toEqual([]);
  });

  it('lists divisions where /api links the list (9.30+); says there is none before', async () => {
    if (atLeast(version, '9.30')) {
      const divisions = await listDivisions(live.transport, live.discovery);
      expect(divisions.map((d) => d.name).sort()).toEqual(['Campus', 'Grounds', 'North Building', 'North Labs', 'South Building']);
      expect(divisions.find((d) => d.name === 'North Labs')?.parent?.href).toBe(`${live.site.url}/api/divisions/north`);
    } else {
      await expect(listDivisions(live.transport, live.discovery)).rejects.toSatisfy((e) => e instanceof DeskError && e.code === 'licence');
    }
  });

  it("names the board's divisions from one list: the server's where linked (9.30+), else the events' division list", async () => {
    // A fresh transport: division names are kept per transport (per session).
    const { transport, gets } = countingTransport(transportFor(live.site));
    const discovery = await discover(transport);
    const { entries } = await loadCatalogue(transport, discovery);
    const names = new Set([...entries.values()].map((e) => e.board.division?.name));
    expect(names).toEqual(new Set(['Campus', 'North Building', 'North Labs', 'South Building', 'Grounds']));
    const lists = gets.filter((href) => /\/api\/divisions(\/view_events|\/view_alarms)?(\?|$)/.test(href));
    const oneByOne = gets.filter((href) => /\/api\/divisions\/[^/?]+$/.test(href) && !lists.includes(href));
    expect(lists).toEqual([`${live.site.url}/api/divisions${atLeast(version, '9.30') ? '' : '/view_events'}`]);
    expect(oneByOne).toEqual([]);
    await transport.close();
  });

  it('names a division by its id when the item\'s href for it takes another form', async () => {
    const own = transportFor(live.site);
    const { transport, gets } = countingTransport(own);
    const discovery = await discover(transport);
    // A query string on the href (as a gateway might add) does not hide the name the list gave for the id:
    // the name comes from the list, and that href is never read.
    const href = `${live.site.url}/api/divisions/north-labs?via=gateway`;
    const named = await divisionNamesFor(transport).namesOf([{ id: 'north-labs', href }], discovery);
    expect(named.get(href)).toBe('North Labs');
    expect(gets).not.toContain(href);
    await own.close();
  });
});

describe('the desk: divisions.list and cardholders.search', () => {
  it('9.40: the server list with each parent named; search results carry the division by name', async () => {
    const { desk, site } = await connectedDesk({ version: '9.40' });
    const list = await desk.handle('divisions.list', {});
    expect(list.source).toBe('server');
    expect(list.divisions.find((d) => d.name === 'North Labs')).toEqual({ href: `${site.url}/api/divisions/north-labs`, name: 'North Labs', parentName: 'North Building' });
    const found = await desk.handle('cardholders.search', { name: 'whit' });
    expect(found).toEqual({
      matches: [
        { href: `${site.url}/api/cardholders/ch-dwhitaker`, id: 'ch-dwhitaker', name: 'Daniel Whitaker', divisionName: 'North Labs' },
        { href: `${site.url}/api/cardholders/ch-gwhitfield`, id: 'ch-gwhitfield', name: 'Grace Whitfield', divisionName: 'North Labs' },
      ],
      more: false,
    });
  });

  it("9.20: no server list, so the board's divisions; search still works", async () => {
    const { desk } = await connectedDesk({ version: '9.20' });
    await eventually(async () => ((await desk.handle('board.get', {})).items.length > 0 ? true : undefined), 'board loaded');
    const list = await desk.handle('divisions.list', {});
    expect(list.source).toBe('board');
    expect(list.divisions.map((d) => d.name)).toContain('North Building');
    const found = await desk.handle('cardholders.search', { name: 'Bello' });
    expect(found.matches).toEqual([expect.objectContaining({ name: 'Aisha Bello', divisionName: 'South Building' })]);
  });
});
