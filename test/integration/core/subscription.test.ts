import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ReceivedRequest, RunningSimulator } from '../../../electron/simulator/index';
import { siteWithDoors } from '../support/generated-site';
import { controlCall, everyDoorLive, recordedDeskOnTestSite } from '../support/session';
import { control, eventually } from '../support/site';


async function subscriptions(s: RunningSimulator): Promise<Array<{ id: string; items: number; held: number }>> {
  const res = await request(`${s.controlUrl}/subscriptions`);
  return ((await res.body.json()) as { subscriptions: Array<{ id: string; items: number; held: number }> }).subscriptions;
}

async function liveDesk(doors: number, version?: string) {
  const started = await recordedDeskOnTestSite({ site: siteWithDoors(doors), version });
  await everyDoorLive(started.desk, doors, 15_000);
  return started;
}

describe('watching many items in one call: the multi-item updates subscription (8.30+)', () => {
  it('subscribes up to 1,000 items a subscription where the server links it, and reports changes', async () => {
    const { site, desk } = await liveDesk(1_200);
    const subs = await subscriptions(site);
    expect(subs.map((s) => s.items).sort((a, b) => a - b)).toEqual([200, 1_000]);
    const door = desk.items[700]!;
    await control.setDoor(site, door.id, { open: true, forced: true });
    await eventually(() => desk.statuses.get(door.href)?.flags.includes('forced'), 'the forced door');
    expect(desk.stale()).toEqual([]);
  });

  it('subscribes again when the server forgets the subscription (404), and keeps every item live', async () => {
    const { site, desk } = await liveDesk(10);
    await controlCall(site, 'POST', '/subscriptions/drop');
    const door = desk.items[3]!;
    await control.setDoor(site, door.id, { open: true, forced: true });
    await eventually(() => desk.statuses.get(door.href)?.flags.includes('forced'), 'the forced door after subscribing again', 10_000);
    await eventually(async () => (await subscriptions(site)).length === 1, 'one subscription again');
    expect(desk.stale()).toEqual([]);
  });

  it('falls back to one long-poll per item where the server does not offer it (before 8.30)', async () => {
    const { site, desk } = await liveDesk(6, '8.20');
    expect(await subscriptions(site)).toEqual([]);
    const door = desk.items[2]!;
    await control.setDoor(site, door.id, { open: true, forced: true });
    await eventually(() => desk.statuses.get(door.href)?.flags.includes('forced'), 'the forced door');
  });

  for (const version of ['9.20', '9.30']) {
    it(`falls back to one long-poll per item when the server refuses the subscription (${version}: ${version === '9.20' ? 401 : 403}), and is still connected`, async () => {
      const { site, desk } = await liveDesk(8, version);
      await controlCall(site, 'PATCH', '/operator-groups/og', { divisions: ['div0', 'div1', 'div2'] });
      await controlCall(site, 'POST', '/rest-clients/rc/refresh');
      // Subscribing again now names items this operator may not see: the server refuses the whole list.
      await controlCall(site, 'POST', '/subscriptions/drop');
      const lost = desk.items.filter((i) => i.division?.href.endsWith('/div3'));
      const kept = desk.items.filter((i) => !i.division?.href.endsWith('/div3'));
      await eventually(() => lost.every((i) => !desk.isLive(i.href)), 'the doors no longer visible stale', 10_000);
      await control.setDoor(site, kept[0]!.id, { open: true, forced: true });
      await eventually(() => desk.statuses.get(kept[0]!.href)?.flags.includes('forced'), 'a visible door reporting, item by item');
      expect(kept.every((i) => desk.isLive(i.href))).toBe(true);
      // A refused subscription before 9.30 is a 401 about privileges, not the key: the site is not halted.
      expect(desk.connection.phase).toBe('connected');
    });
  }
});

/** An item's own updates call: its first call (a read) or a `next` of its own long-poll chain. */
const ITEM_UPDATES = /^\/api\/(?!items\/)[a-z_]+\/[^/]+\/updates$/;

describe('a light load on the server: every status item in subscriptions, zones included', () => {
  it('keeps no long-poll of its own for any item while idle, and still shows a zone count and a voltage as they change', async () => {
    const requests: string[] = [];
    const record = (r: ReceivedRequest) => void requests.push(`${r.method} ${r.url.pathname}${r.url.search}`);
    // A site of every kind; the server answers an idle poll after 0.5 s, so every chain the desk keeps renews often.
    const { site: s, desk: d } = await recordedDeskOnTestSite({ generatedItems: 300, updatesTimeoutMs: 500, statusFetchMs: 20, onRequest: record });
    await eventually(() => d.connection.phase === 'connected' && d.items.length > 0, 'connected with the board');
    const zones = d.items.filter((i) => i.kind === 'accessZone');
    const fences = d.items.filter((i) => i.kind === 'fenceZone');
    expect(zones.length).toBeGreaterThan(0);
    expect(fences.length).toBeGreaterThan(0);
    await eventually(() => zones.every((z) => d.statuses.get(z.href)?.zoneCount !== undefined), 'every access zone\'s count', 15_000);

    // The start reads each zone's value once the subscription names it; then the desk is idle.
    const ownCall = (r: string) => ITEM_UPDATES.test(r.split(' ')[1]!.split('?')[0]!);
    // A first call carries no cursor (`after`): a read, or the start of a chain of the item's own.
    const firstCall = (r: string) => ownCall(r) && !/[?&]after=/.test(r);
    const watched = [...zones, ...fences].map((z) => `/${z.id}/updates`);
    await eventually(() => watched.every((w) => requests.some((r) => firstCall(r) && r.includes(w))), 'every zone read once');
    await eventually(async () => {
      requests.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return !requests.some(firstCall);
    }, 'the start\'s reads over');
    // Idle: a few of the server's waits, in which every chain renews; no item's own updates call is among them.
    requests.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = [...requests];
    expect(idle.filter((r) => r.startsWith('GET /api/items/updates/')).length).toBeGreaterThan(0);
    expect(idle.filter(ownCall)).toEqual([]);

    // A new count names the zone in its subscription; the desk reads the count from the zone's own link.
    const zone = zones[0]!;
    const count = (d.statuses.get(zone.href)?.zoneCount ?? 0) + 1;
    s.control.patchItem('access_zones', zone.id, { zoneCount: count });
    await eventually(() => d.statuses.get(zone.href)?.zoneCount === count, 'the new zone count');
    const fence = fences.find((f) => d.statuses.get(f.href)?.flags.includes('on'))!;
    s.control.patchItem('fence_zones', fence.id, { voltage: 6100 });
    await eventually(() => d.statuses.get(fence.href)?.voltage === 6100, 'the new voltage');
    expect(d.stale()).toEqual([]);
  });
});
