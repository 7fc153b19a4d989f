import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../../../electron/core/api/features';
import { collect, getItem, searchItems } from '../../../electron/core/api/items';
import { ITEM_TYPE_KEYS, ITEM_TYPES } from '../../../electron/core/api/item-types';
import { useDiscoveredSite } from '../support/site';
import { atLeast, orSkipIfMissing, VERSIONS } from '../support/versions';

describe.each(VERSIONS)('items at server version %s', (version) => {
  const live = useDiscoveredSite({ version });

  it('reads the version and the features from GET /api only', () => {
    expect(live.discovery.version).toBe(version);
    const caps = capabilitiesOf(live.discovery);
    expect(caps.itemTypes).toContain('door');
    expect(caps.itemTypes.includes('input')).toBe(atLeast(version, '8.10'));
    expect(caps.itemTypes.includes('dayCategory')).toBe(atLeast(version, '8.50'));
    expect(caps.defaultPageSize).toBe(atLeast(version, '8.70') ? 1000 : 100);
    expect(caps.doorLock).toBe(atLeast(version, '9.40'));
  });

  for (const key of ITEM_TYPE_KEYS) {
    const label = ITEM_TYPES[key].label;

    it(`${label}: pages through next to the same id-sorted set whatever the page size`, async (ctx) => {
      ctx.skip(!live.discovery.links.has(ITEM_TYPES[key].feature), `${label} has no link at ${version} (not in this version or not licensed)`);
      const big = await orSkipIfMissing(ctx, `${label} search`, () => collect(searchItems(live.transport, live.discovery, key, { top: 1000 })));
      const small = await collect(searchItems(live.transport, live.discovery, key, { top: 1 }));
      expect(small.map((i) => i.href)).toEqual(big.map((i) => i.href));
      ctx.skip(big.length === 0, `the simulator's demo site has no ${label} visible to the desk operator`);
      if ('id' in big[0]!) {
        const ids = big.map((i) => (i as { id: string }).id);
        expect(ids).toEqual([...ids].sort());
      }
    });

    it(`${label}: detail by the href the search gave, with a field selection`, async (ctx) => {
      ctx.skip(!live.discovery.links.has(ITEM_TYPES[key].feature), `${label} has no link at ${version}`);
      const [first] = await orSkipIfMissing(ctx, `${label} search`, () => collect(searchItems(live.transport, live.discovery, key, { top: 1 })));
      ctx.skip(!first, `the demo site has no ${label}`);
      const detail = await orSkipIfMissing(ctx, `${label} detail`, () => getItem(live.transport, key, first!.href));
      expect(detail.href).toBe(first!.href);
      expect(detail.name).toBe(first!.name);
      const terse = await getItem(live.transport, key, first!.href, { fields: ['description'] });
      expect(terse.name).toBe(first!.name);
      // From 8.10 only what was asked comes back; the identity fields are always asked for.
      if (atLeast(version, '8.10')) expect(Object.keys(terse).sort()).toEqual(expect.arrayContaining(['href', 'name']));
      if (atLeast(version, '8.10') && 'commands' in detail) expect('commands' in terse).toBe(false);
    });

    it(`${label}: finds an item by its exact quoted name and by a wildcard`, async (ctx) => {
      ctx.skip(!live.discovery.links.has(ITEM_TYPES[key].feature), `${label} has no link at ${version}`);
      const all = await orSkipIfMissing(ctx, `${label} search`, () => collect(searchItems(live.transport, live.discovery, key)));
      ctx.skip(all.length === 0, `the demo site has no ${label}`);
      const target = all[all.length - 1]!;
      const exact = await collect(searchItems(live.transport, live.discovery, key, { name: `"${target.name}"` }));
      expect(exact.map((i) => i.href)).toContain(target.href);
      expect(exact.every((i) => i.name.toLowerCase() === target.name.toLowerCase())).toBe(true);
      const prefix = target.name.slice(0, 3).toLowerCase();
      const wild = await collect(searchItems(live.transport, live.discovery, key, { name: `${prefix}%` }));
      expect(wild.map((i) => i.href)).toContain(target.href);
      expect(wild.every((i) => i.name.toLowerCase().includes(prefix))).toBe(true);
    });
  }

  it('filters by division (with descendants), and by direct division from 9.20', async () => {
    const doors = await collect(searchItems(live.transport, live.discovery, 'door', { fields: ['division'] }));
    const divisionId = doors.find((d) => d.division?.id)?.division?.id ?? doors[0]!.division!.href.split('/').pop()!;
    const inDivision = await collect(searchItems(live.transport, live.discovery, 'door', { division: [divisionId], fields: ['division'] }));
    expect(inDivision.length).toBeGreaterThan(0);
    expect(inDivision.length).toBeLessThanOrEqual(doors.length);
    if (atLeast(version, '9.20')) {
      const direct = await collect(searchItems(live.transport, live.discovery, 'door', { directDivision: [divisionId], fields: ['division'] }));
      expect(direct.every((d) => d.division?.href.endsWith(`/${divisionId}`) || d.division?.id === divisionId)).toBe(true);
    } else {
      expect(() => searchItems(live.transport, live.discovery, 'door', { directDivision: [divisionId] })).toThrow(/9\.20 or later/);
    }
  });

  it('searches by description from 8.60, and refuses to before', async () => {
    if (!atLeast(version, '8.60')) {
      expect(() => searchItems(live.transport, live.discovery, 'door', { description: 'x%' })).toThrow(/8\.60 or later/);
      return;
    }
    const none = await collect(searchItems(live.transport, live.discovery, 'door', { description: '"no door has this description"' }));
    expect(none).toEqual([]);
  });
});
