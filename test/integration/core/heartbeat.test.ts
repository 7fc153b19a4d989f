import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { ConnectionState } from '../../../shared/domain';
import { TcpProxy } from '../../faults/support/tcp-proxy';
import { siteWithDoors } from '../support/generated-site';
import { controlCall, recordedSession, TEST_TIMING } from '../support/session';
import { eventually, startTestSite } from '../support/site';

// The heartbeat (electron/core/heartbeat.ts) against a real simulator over TLS. Its bounds are proved
// on a fake clock in test/unit/core/heartbeat.test.ts; these show the session acting on it: the words,
// the items, the overrides. The test site holds a long-poll for 1 s, so a poll is due back 13 s after
// it is sent (the hold and 12 s of tolerated latency): anything said sooner is the heartbeat's doing.

let site: RunningSimulator | undefined;
let proxy: TcpProxy | undefined;
let desk: ReturnType<typeof recordedSession> | undefined;

afterEach(async () => {
  await desk?.session.stop();
  await site?.stop();
  await proxy?.close();
  desk = site = proxy = undefined;
});

/** The session's own probe allowed as long as a real desk allows it (a slow server is not down). */
const TIMING = { ...TEST_TIMING, probeTimeoutMs: 12_000 };

async function liveDesk(doors: number, options: { viaProxy?: boolean; version?: string; catalogueMs?: number } = {}) {
  if (options.viaProxy) proxy = await TcpProxy.start();
  site = await startTestSite({ site: siteWithDoors(doors), version: options.version, ...(proxy ? { publicUrl: proxy.url } : {}) });
  proxy?.forwardTo({ host: '127.0.0.1', port: site.listenPort });
  desk = recordedSession(site, { ...TIMING, ...(options.catalogueMs ? { catalogueMs: options.catalogueMs } : {}) });
  const d = desk;
  await eventually(() => d.connection.phase === 'connected' && d.items.length === doors, 'connected with every door');
  await eventually(() => d.items.every((i) => d.statuses.get(i.href)?.flags.includes('closed')), "every door's status");
  return { site, desk: d };
}

describe('the heartbeat: a hung or unreachable server is admitted in seconds', () => {
  it('says "not live" on the bar and every tile, before any poll is due, refuses overrides, and is live again at once after', async () => {
    const { desk } = await liveDesk(8, { viaProxy: true });
    const door = desk.items.find((i) => i.kind === 'door' && i.commands.includes('open'))!;
    const cutAt = Date.now();
    proxy!.set('black-hole');
    // 9 s: past the heartbeat's bound (5 s) with room for a loaded machine, well before a poll's due time (13 s).
    await eventually(() => desk.connection.phase === 'reconnecting', 'the bar saying the board is not live', 9_000);
    expect(desk.connection.reason).toMatch(/stopped answering: it may have hung, or the network to it is down/);
    // Not live since the desk last heard from the server: before the cut, or within the beat that found it.
    expect(desk.connection.since).toBeLessThanOrEqual(Date.now());
    expect(desk.connection.since).toBeGreaterThanOrEqual(cutAt - 2_500);
    await eventually(() => desk.items.every((i) => !desk.isLive(i.href)), 'every tile not live');
    expect(desk.liveness.get(door.href)?.reason).toBe(desk.connection.reason);
    // Never sent into a server known to be away: a door opening minutes later is dangerous.
    await expect(desk.session.command({ href: door.href, command: 'open' })).rejects.toMatchObject({ code: 'offline' });
    proxy!.set('pass');
    await eventually(() => desk.connection.phase === 'connected' && desk.items.every((i) => desk.isLive(i.href)), 'live again', 10_000);
  });
});

describe('slow is not down', () => {
  it('keeps the board live with 5 s of latency, takes overrides, says so, and clears the notice once fast', { timeout: 60_000 }, async () => {
    const { site, desk } = await liveDesk(8);
    const door = desk.items.find((i) => i.kind === 'door' && i.commands.includes('open'))!;
    const from = desk.phases.length;
    let staleSeen = 0;
    const watch = setInterval(() => (staleSeen += desk.stale().length > 0 ? 1 : 0), 100);
    try {
      await controlCall(site, 'PUT', '/faults', { latencyMs: 5_000 });
      await eventually(() => /^The server is slow/.test(desk.connection.reason ?? ''), 'the bar saying the server is slow', 8_000);
      await expect(desk.session.command({ href: door.href, command: 'open' })).resolves.toEqual({ accepted: true });
      // Long enough for every first call, poll and catalogue search to have come back late.
      await new Promise((r) => setTimeout(r, 8_000));
      expect(desk.connection).toMatchObject({ phase: 'connected', staleItems: 0 });
      await controlCall(site, 'DELETE', '/faults');
      await eventually(() => desk.connection.reason === undefined, 'the slowness notice gone', 6_000);
    } finally {
      await controlCall(site, 'DELETE', '/faults');
      clearInterval(watch);
    }
    const phases = desk.phases.slice(from).map((p: ConnectionState) => p.phase);
    expect(phases.filter((p) => p !== 'connected')).toEqual([]);
    expect(staleSeen, 'samples with any item not live').toBe(0);
  });
});

describe('licences and privileges back: the board is live again within seconds, however long they were gone', () => {
  it('fills the board again within seconds of the licences returning, after an outage long enough for any back-off to grow', async () => {
    const { site, desk } = await liveDesk(12);
    await controlCall(site, 'PUT', '/licences', ['RESTCardholders']);
    // An empty board is never "connected and normal": the bar says why, and the desk asks again at the heartbeat's pace.
    await eventually(() => desk.connection.phase !== 'connected' && /licen[cs]/i.test(desk.connection.reason ?? ''), 'the bar naming the licence', 10_000);
    await new Promise((r) => setTimeout(r, 16_000));
    await controlCall(site, 'PUT', '/licences', ['RESTCardholders', 'RESTStatus', 'RESTOverrides']);
    const back = Date.now();
    await eventually(() => desk.connection.phase === 'connected' && desk.items.every((i) => desk.isLive(i.href)), 'every door live again', 8_000);
    console.log(`licences back: connected and every item live after ${Date.now() - back} ms`);
  }, 60_000);

  it('wakes the chains of items refused while hidden once one scout is answered', async () => {
    // Item by item (8.20), and no catalogue reload meanwhile: the hidden items stay on the board, each
    // chain refused and sleeping out a back-off that grows to 8–16 s: without the scout, the wait after.
    const { site, desk } = await liveDesk(24, { version: '8.20', catalogueMs: 600_000 });
    await controlCall(site, 'PATCH', '/operator-groups/og', { divisions: ['div0', 'div1', 'div2'] });
    await controlCall(site, 'POST', '/rest-clients/rc/refresh');
    const lost = desk.items.filter((i) => i.division?.href.endsWith('/div3'));
    await eventually(() => lost.every((i) => !desk.isLive(i.href)), 'the doors of the hidden division not live', 10_000);
    await new Promise((r) => setTimeout(r, 16_000));
    expect(desk.items).toHaveLength(24);
    expect(lost.every((i) => !desk.isLive(i.href)), 'still not live just before the privileges return').toBe(true);
    await controlCall(site, 'PATCH', '/operator-groups/og', { divisions: ['div0', 'div1', 'div2', 'div3'] });
    await controlCall(site, 'POST', '/rest-clients/rc/refresh');
    const back = Date.now();
    await eventually(() => desk.items.every((i) => desk.isLive(i.href)), 'every door live again', 8_000);
    console.log(`privileges back: every item live after ${Date.now() - back} ms`);
  }, 60_000);
});
