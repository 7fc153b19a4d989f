import { describe, expect, it } from 'vitest';
import { discover } from '../../../electron/core/api/discovery';
import { BOARD_KINDS, LIVE_KINDS, loadCatalogue } from '../../../electron/core/catalogue';
import { useDiscoveredSite } from '../support/site';

const live = useDiscoveredSite();

describe('the catalogue: items for the board, one search per type', () => {
  it('loads doors for today\'s board', async () => {
    const { entries } = await loadCatalogue(live.transport, await discover(live.transport));
    expect(BOARD_KINDS).toEqual(['door']);
    expect([...entries.values()].every((e) => e.board.kind === 'door' && e.fields.updates)).toBe(true);
  });

  it('loads every live item type the server offers, with commands and updates links', async () => {
    const { entries } = await loadCatalogue(live.transport, await discover(live.transport), Date.now, LIVE_KINDS);
    const kinds = new Set([...entries.values()].map((e) => e.board.kind));
    expect([...kinds].sort()).toEqual([...LIVE_KINDS].sort());
    const zone = [...entries.values()].find((e) => e.board.kind === 'accessZone')!;
    expect(zone.board.commands).toEqual(expect.arrayContaining(['free', 'freeUntil', 'lockDown', 'setZoneCount']));
    expect(zone.fields.updates?.href).toMatch(/^https:/);
  });
});
