import { describe, expect, it } from 'vitest';
import { discover } from '../../../electron/core/api/discovery';
import { CATALOGUE_PAGE, LIVE_KINDS, loadCatalogue } from '../../../electron/core/board/catalogue';
import { siteWithDoors } from '../support/generated-site';
import type { Transport } from '../../../electron/core/api/transport';
import { startTestSite, transportFor, useDiscoveredSite } from '../support/site';

const live = useDiscoveredSite();

describe('the catalogue: items for the board, one search per type', () => {
  it('loads every live item type the server offers, with commands and updates links', async () => {
    const { entries } = await loadCatalogue(live.transport, await discover(live.transport));
    const kinds = new Set([...entries.values()].map((e) => e.board.kind));
    expect([...kinds].sort()).toEqual([...LIVE_KINDS].sort());
    const zone = [...entries.values()].find((e) => e.board.kind === 'accessZone')!;
    expect(zone.board.commands).toEqual(expect.arrayContaining(['free', 'freeUntil', 'lockDown', 'setZoneCount']));
    expect(zone.fields.updates?.href).toMatch(/^https:/);
  });

  it('keeps only the server\'s links beside each board item (the rest is on the board item already)', async () => {
    const { entries } = await loadCatalogue(live.transport, await discover(live.transport));
    const door = [...entries.values()].find((e) => e.board.kind === 'door' && e.board.description)!;
    expect(Object.keys(door.fields).sort()).toEqual(['commands', 'href', 'id', 'name', 'updates']);
    expect(door.fields.commands?.[door.board.commands[0]!]?.href).toMatch(/^https:/);
    expect(door.board.description).toBeTruthy();
  });

  it('fills the board fields: floors from elevator groups, division names, doors and zones, command names', async () => {
    const { entries } = await loadCatalogue(live.transport, await discover(live.transport));
    const items = [...entries.values()].map((e) => e.board);
    const byName = (name: string) => items.find((i) => i.name === name)!;

    // Every item with a division carries the division's name as the server gave it.
    expect(items.every((i) => !i.division || (i.division.name && !i.division.name.startsWith('http')))).toBe(true);

    const l1East = byName('North L1 East Door');
    expect(l1East.floors.map((f) => [f.name, f.building])).toEqual([['Level 1', 'North Lifts']]);
    expect(l1East.entryAccessZone?.name).toBe('North Level 1 Offices');
    expect(l1East.connectedController?.name).toBe('North controller');

    const lobby = byName('Main Lobby');
    expect(lobby.floors[0]?.floorNumber).toBe(1);
    expect(lobby.doors?.map((d) => d.name)).toContain('Lobby Main Entrance');

    const alarmZone = items.find((i) => i.kind === 'alarmZone')!;
    expect(alarmZone.floors).toEqual([]);
    expect(alarmZone.group).toBe('Site');
    expect(alarmZone.commandOffers.find((o) => o.key === 'arm')?.name).toBeTruthy();
  });

  it('searches the types side by side, and keeps the board in type order whichever answers first', async () => {
    // Every answer the catalogue waits for, counted while it is out.
    let out = 0;
    let most = 0;
    const counting = new Proxy(live.transport, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'getJson' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          most = Math.max(most, ++out);
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            out--;
          }
        };
      },
    }) as Transport;
    const { entries } = await loadCatalogue(counting, await discover(live.transport));
    // One search per live type and the elevator groups, all out at once.
    expect(most).toBeGreaterThanOrEqual(LIVE_KINDS.length + 1);
    const kinds = [...entries.values()].map((e) => LIVE_KINDS.indexOf(e.board.kind));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });
});

describe('the catalogue on a server that answers 100 a page unless asked (before 8.70)', () => {
  it('asks for pages of 1,000: 1,200 doors in 2 requests, not 12', async () => {
    const paths: string[] = [];
    const site = await startTestSite({ site: siteWithDoors(1_200), version: '8.60', onRequest: (r) => void paths.push(`${r.url.pathname}${r.url.search}`) });
    const transport = transportFor(site);
    try {
      const { entries } = await loadCatalogue(transport, await discover(transport));
      expect([...entries.values()].filter((e) => e.board.kind === 'door')).toHaveLength(1_200);
      const doorPages = paths.filter((p) => p.startsWith('/api/doors?'));
      expect(doorPages).toHaveLength(2);
      expect(doorPages.every((p) => new URLSearchParams(p.split('?')[1]).get('top') === String(CATALOGUE_PAGE))).toBe(true);
    } finally {
      await transport.close();
      await site.stop();
    }
  });
});
