import { describe, expect, it, onTestFinished } from 'vitest';
import { REFUSAL_BURST } from '../../../electron/core/api/refusal-budget';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { siteWithDoors } from '../support/generated-site';
import { controlCall, everyDoorLive, recordedDeskOnTestSite } from '../support/session';
import { control, eventually, startTestSite } from '../support/site';

/** A connected session on a site of `doors` doors, every door live with a first status. */
async function liveDesk(doors = 24, version?: string) {
  const started = await recordedDeskOnTestSite({ site: siteWithDoors(doors), version });
  await everyDoorLive(started.desk, doors);
  return started;
}

const authFailures = async (s: RunningSimulator, since: number) => (await control.events(s, since)).filter((e) => e.type === 'auth-failure');
const lastSeq = async (s: RunningSimulator) => Number((await control.events(s)).at(-1)?.seq ?? 0);

describe('liveness: the desk says which items it is not hearing about, and why', () => {
  it('shows every item stale, with the reason, while status answers are malformed; live again after', async () => {
    const { site, desk } = await liveDesk();
    await controlCall(site, 'PUT', '/faults', { malformedJson: {} });
    await eventually(() => desk.items.every((i) => !desk.isLive(i.href)), 'every door stale', 10_000);
    expect(desk.liveness.get(desk.items[0]!.href)?.reason).toMatch(/not JSON/);
    await eventually(() => desk.connection.staleItems === desk.items.length, 'the bar counting every door');
    await controlCall(site, 'DELETE', '/faults');
    await eventually(() => desk.items.every((i) => desk.isLive(i.href)), 'every door live again', 15_000);
    expect(desk.connection).toMatchObject({ phase: 'connected', staleItems: 0 });
  });

  it('shows items stale when the status licence is removed', async () => {
    const { site, desk } = await liveDesk();
    await controlCall(site, 'PUT', '/licences', ['RESTCardholders']);
    await eventually(() => desk.items.every((i) => !desk.isLive(i.href)), 'every door stale', 10_000);
    expect(desk.liveness.get(desk.items[0]!.href)?.reason).toMatch(/licen[cs]/i);
    // An empty board is never "connected and normal": the bar says why.
    await eventually(() => desk.connection.phase !== 'connected' && /licen[cs]/i.test(desk.connection.reason ?? ''), 'the bar naming the licence');
  });

  it('marks only the items it is not hearing about: privileges reduced to three divisions of four', async () => {
    // Item by item (8.20 has no multi-item subscription): each watcher's evidence is its own item's.
    const { site, desk } = await liveDesk(24, '8.20');
    await controlCall(site, 'PATCH', '/operator-groups/og', { divisions: ['div0', 'div1', 'div2'] });
    await controlCall(site, 'POST', '/rest-clients/rc/refresh');
    const inDiv3 = (i: (typeof desk.items)[number]) => i.division?.href.endsWith('/div3') === true;
    const lost = desk.items.filter(inDiv3);
    const kept = desk.items.filter((i) => !inDiv3(i));
    expect(lost.length).toBe(6);
    // Whichever watcher answers, it says nothing about any other item.
    await eventually(() => lost.every((i) => !desk.isLive(i.href)), 'the doors of the division no longer visible stale', 10_000);
    expect(kept.every((i) => desk.isLive(i.href))).toBe(true);
    await control.setDoor(site, kept[0]!.id, { open: true, forced: true });
    await eventually(() => desk.statuses.get(kept[0]!.href)?.flags.includes('forced'), 'a visible door still reporting');
    expect(lost.every((i) => !desk.isLive(i.href))).toBe(true);
  });

  it('detects a server that stops answering within seconds, not after the poll window', async () => {
    const { site, desk } = await liveDesk();
    await controlCall(site, 'PUT', '/faults', { latencyMs: 60_000 });
    await eventually(() => desk.items.every((i) => !desk.isLive(i.href)), 'every door stale', 12_000);
    await eventually(() => desk.connection.phase === 'reconnecting', 'the bar saying the server is not answering', 10_000);
    await controlCall(site, 'DELETE', '/faults');
    await eventually(() => desk.connection.phase === 'connected' && desk.items.every((i) => desk.isLive(i.href)), 'live again', 20_000);
  });

  it('one dropped connection is said on the bar, but does not stale the board or refuse overrides', async () => {
    const { site, desk } = await liveDesk();
    const phasesBefore = desk.phases.length;
    await controlCall(site, 'POST', '/connections/drop');
    // The watchers reconnect and the server answers: an override goes, and the desk is connected again.
    await expect(desk.session.command({ href: desk.items[0]!.href, command: 'open' })).resolves.toEqual({ accepted: true });
    await eventually(() => desk.phases.slice(phasesBefore).some((p) => p.phase === 'reconnecting' && /closed/.test(p.reason ?? '')), 'the bar saying the server closed the connections');
    await eventually(() => desk.connection.phase === 'connected', 'connected again', 10_000);
    expect(desk.stale()).toEqual([]);
  });

  it('a revoked key stops every request of the site at the first refusal, then one attempt per back-off window', async () => {
    const { site, desk } = await liveDesk();
    // A running desk, its chains' renewals spread over the server's hold (not all started this second).
    // Renewals in step are the refusal budget's case (transport-faults.test.ts).
    await new Promise((r) => setTimeout(r, 4_000));
    const since = await lastSeq(site);
    await controlCall(site, 'POST', '/rest-clients/rc/revoke-key');
    await eventually(() => desk.connection.phase === 'offline', 'offline', 10_000);
    expect(desk.connection.reason).toMatch(/API key/);
    // The next authentication attempt is a back-off window away, not one per door.
    expect(desk.connection.nextAttemptAt).toBeGreaterThan(Date.now() + 30_000);
    await eventually(() => desk.items.every((i) => !desk.isLive(i.href)), 'every door stale');
    // Only requests already on their way when the first refusal came back are refused with it (at most
    // those sent on trust and the key check: RefusalBudget); then nothing until the window ends.
    const burst = (await authFailures(site, since)).length;
    expect(burst).toBeGreaterThanOrEqual(1);
    expect(burst).toBeLessThanOrEqual(REFUSAL_BURST + 1);
    await new Promise((r) => setTimeout(r, 3_000));
    const events = await control.events(site, since);
    expect(events.filter((e) => e.type === 'auth-failure')).toHaveLength(burst);
    expect(events.filter((e) => e.type === 'auth-flood-alarm')).toEqual([]);
  });
});

describe('the connection bar says what the desk is doing', () => {
  it('shows a server back with a new certificate as offline at once, with why, and stops retrying', async () => {
    const { site: first, desk } = await liveDesk(4);
    const port = Number(new URL(first.url).port);
    await first.stop();
    await eventually(() => desk.connection.phase === 'reconnecting', 'reconnecting while the server is away', 10_000);
    // The same address, a new certificate (each simulator makes its own at start-up).
    const again = await startTestSite({ site: siteWithDoors(4), port });
    onTestFinished(() => again.stop());
    await eventually(() => desk.connection.phase === 'offline', 'offline once the new certificate is seen', 10_000);
    expect(desk.connection.reason).toMatch(/certificate/);
    expect(desk.connection.nextAttemptAt).toBeUndefined();
    const phases = desk.phases.length;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(desk.phases.slice(phases).map((p) => p.phase)).not.toContain('reconnecting');
  });

  it('says the server is slow as soon as an override is answered slowly, not at the next heartbeat', async () => {
    // Heartbeats far apart: only the override's own answer can tell the desk the server is slow.
    const { site, desk: d } = await recordedDeskOnTestSite({}, { recheckMs: 600_000, catalogueMs: 600_000 });
    await eventually(() => d.connection.phase === 'connected' && d.items.length > 0, 'connected');
    const door = d.items.find((i) => i.kind === 'door' && i.commands.includes('open'))!;
    await controlCall(site, 'PUT', '/faults', { latencyMs: 2_200 });
    try {
      await expect(d.session.command({ href: door.href, command: 'open' })).resolves.toEqual({ accepted: true });
      // Checked before the fault ends: the heartbeat's first quick answer after it clears the notice.
      expect(d.connection).toMatchObject({ phase: 'connected', reason: expect.stringMatching(/^The server is slow: answers take about 2 s$/) });
    } finally {
      await controlCall(site, 'DELETE', '/faults');
    }
  });
});

describe('the board re-discovers: licences and reconnects', () => {
  it('never calls an empty board normal, and fills it once the licences return', async () => {
    const { site, desk: d } = await recordedDeskOnTestSite({ site: { ...siteWithDoors(8), licences: ['RESTCardholders'] } });
    await eventually(() => /licen[cs]/i.test(d.connection.reason ?? ''), 'the bar naming the missing licence');
    expect(d.connection.phase).not.toBe('connected');
    expect(d.items).toEqual([]);
    await controlCall(site, 'PUT', '/licences', ['RESTCardholders', 'RESTStatus', 'RESTOverrides']);
    await eventually(() => d.connection.phase === 'connected' && d.items.length === 8, 'the board filled', 15_000);
    await eventually(() => d.items.every((i) => d.statuses.get(i.href)?.flags.includes('closed')), 'statuses for the new board');
  });

  it('re-subscribes after a server restart and keeps reporting', async () => {
    const { site, desk } = await liveDesk(4);
    await site.control.restart();
    const door = desk.items[1]!;
    await control.setDoor(site, door.id, { open: true, forced: true });
    await eventually(() => desk.statuses.get(door.href)?.flags.includes('forced'), 'the forced door after the restart', 15_000);
    expect(desk.isLive(door.href)).toBe(true);
  });
});
