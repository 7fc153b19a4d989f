import { describe, expect, it } from 'vitest';
import { generateSite } from '../../../electron/simulator/site/generate';
import { loadSite } from '../../../electron/simulator/site/load';
import { feature, startWithClient } from './support';

// Issue 14: generated sites of every live kind, for the bench and the --demo-items desk.
const KINDS = ['doors', 'accessZones', 'alarmZones', 'fenceZones', 'inputs', 'interlockGroups', 'macros', 'outputs', 'elevatorGroups', 'dayCategories'] as const;

describe('generated sites of every kind', () => {
  it.each([300, 2000])('makes %i items of every live kind, checked by the site loader', (n) => {
    const site = loadSite(generateSite({ items: n }));
    const total = KINDS.reduce((sum, kind) => sum + site[kind].length, 0);
    expect(total).toBe(n);
    for (const kind of KINDS) expect(site[kind].length, kind).toBeGreaterThan(0);
    // Doors are the bulk, as on a real site.
    expect(site.doors.length).toBeGreaterThan(n / 3);
  });

  it('puts fence zones in two divisions, reporting to alarm zones', () => {
    const site = loadSite(generateSite({ items: 300 }));
    expect(new Set(site.fenceZones.map((f) => f.division)).size).toBe(2);
    expect(site.alarmZones.filter((a) => a.fenceZone).length).toBe(2);
  });

  it('gives at least two buildings elevator groups whose floors are access zones with doors', () => {
    const site = loadSite(generateSite({ items: 300 }));
    expect(new Set(site.elevatorGroups.map((g) => g.division)).size).toBeGreaterThanOrEqual(2);
    const zonesWithDoors = new Set(site.doors.map((d) => d.entryAccessZone));
    for (const group of site.elevatorGroups) {
      expect(group.floors.length).toBeGreaterThan(0);
      for (const floor of group.floors) expect(zonesWithDoors.has(floor.frontAccessZone)).toBe(true);
    }
    for (const group of site.interlockGroups) expect(group.doors).toHaveLength(2);
  });

  it('keeps ids unique across types and names unique among doors', () => {
    const site = loadSite(generateSite({ items: 2000 }));
    const ids = KINDS.flatMap((kind) => site[kind].map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(site.doors.map((d) => d.name)).size).toBe(site.doors.length);
  });

  it('still makes a site of exactly N doors with the doors option', () => {
    expect(loadSite(generateSite({ doors: 100 })).doors).toHaveLength(100);
  });

  it('serves a generated site whose 1,000 first status items of mixed types subscribe at once', async () => {
    const site = generateSite({ items: 2000 });
    const { sim, client } = await startWithClient({ site, statusFetchMs: 0 });
    try {
      const loaded = loadSite(site);
      const statusKinds = ['accessZones', 'alarmZones', 'fenceZones', 'inputs', 'interlockGroups', 'macros', 'outputs', 'doors'] as const;
      const ids = statusKinds.flatMap((kind) => loaded[kind].slice(0, 150).map((item) => item.id));
      ids.push(...loaded.doors.slice(200).map((d) => d.id));
      ids.length = 1000;
      const reply = await client.post(await feature(client, 'items', 'updates'), { itemIds: ids });
      expect(reply.status).toBe(200);
      expect(reply.json.updates).toHaveLength(ids.length);
    } finally {
      await client.close();
      await sim.stop();
    }
  });
});
