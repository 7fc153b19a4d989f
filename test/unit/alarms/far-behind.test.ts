import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlarmFollower } from '../../../electron/core/alarms/alarm-follower';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import type { QueueChange } from '../../../electron/core/alarms/alarm-queue';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { FakeAlarmServer } from './fake-alarm-server';

/**
 * Issue 43: a restart with a kept store does not replay the night's updates answer by answer: the kept
 * queue is shown at once and the list, read afresh as a start without a store does, replaces it in one
 * step (AlarmFollower.start). After an outage the bookmark is followed, unless its first answer is a
 * full batch (cc_rest.yaml /api/alarms/updates: 100 means "you have fallen behind"): then the list too.
 * Nothing is lost, the count never drops to 0, nothing is sent to the page per answer.
 */

const SITE = 'https://cc.test';
const running: AlarmFollower[] = [];
const stores: LocalStore[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.stop()));
  stores.splice(0).forEach((s) => s.close());
});

function follower(server: FakeAlarmServer, store: LocalStore) {
  const changes: QueueChange[] = [];
  const feeds: AlarmFeed[] = [];
  const f = new AlarmFollower({ site: server.site(), keeping: new AlarmStore(store).forSite(SITE), changed: (c) => changes.push(c), feed: (feed) => feeds.push(feed), random: () => 0 });
  running.push(f);
  return { follower: f, changes, feeds };
}

/** A desk that followed `server` with a local store and stopped: its bookmark and queue kept. */
async function keptFollow(server: FakeAlarmServer) {
  const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
  stores.push(store);
  const earlier = follower(server, store);
  earlier.follower.start();
  earlier.follower.connection(true);
  await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
  await earlier.follower.stop();
  server.requests = [];
  return store;
}

const isList = (href: string) => !href.includes('/updates');
const ids = (f: AlarmFollower) => f.queue.all().map((a) => a.id).sort();
const serverIds = (server: FakeAlarmServer) => [...server.alarms.keys()].sort();

/** A long night: `k1` processed at another desk, `k2` acknowledged there, `count` alarms raised. */
function night(server: FakeAlarmServer, count: number): void {
  server.set({ ...server.alarms.get('k1')!, state: 'processed' });
  server.set({ ...server.alarms.get('k2')!, state: 'acknowledged' });
  for (let i = 0; i < count; i++) server.raise(`n${i}`);
}

function keptQueue(server: FakeAlarmServer): void {
  for (let i = 0; i < 5; i++) server.raise(`k${i}`);
}

/**
 * A desk that kept a queue of five from `server` and stopped, started again after `raised` more alarms
 * came in the night (`meanwhile` sets the server up before the start), and connected.
 */
async function restartedAfter(raised: number, meanwhile?: (server: FakeAlarmServer) => void) {
  const server = new FakeAlarmServer();
  keptQueue(server);
  const store = await keptFollow(server);
  night(server, raised);
  meanwhile?.(server);
  const started = follower(server, store);
  started.follower.start();
  started.follower.connection(true);
  return { server, store, f: started.follower, changes: started.changes, feeds: started.feeds };
}

describe('a restart with a kept store, far behind the server', () => {
  it('reads the list afresh: the right set, the one processed elsewhere gone, the one acknowledged there so', async () => {
    const { server, f } = await restartedAfter(250);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    expect(ids(f)).toEqual(serverIds(server));
    expect(f.queue.get('k1')).toBeUndefined();
    expect(f.queue.get('k2')?.state).toBe('acknowledged');
    // The list's three pages (254 alarms), then its updates link: nothing replayed from the kept bookmark.
    expect(server.requests.slice(0, 3).every(isList)).toBe(true);
    expect(server.requests.filter(isList)).toHaveLength(3);
    expect(server.requests.at(-1)).toContain('/updates');
  });

  it('shows the kept queue, catching up, until the list replaces it in one change: nothing sent per answer', async () => {
    let release!: () => void;
    const { server, f, changes, feeds } = await restartedAfter(450, (s) => (s.listHeld = new Promise<void>((resolve) => (release = resolve))));
    await vi.waitFor(() => expect(server.requests.some(isList)).toBe(true));
    // The list is out: the kept queue is still what the page has, whole, said to be catching up.
    expect(ids(f)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(changes).toHaveLength(1);
    expect(feeds.at(-1)).toMatchObject({ source: 'server', live: true, behind: true, heardAt: expect.any(Number) });

    release();
    await vi.waitFor(() => expect(f.feed.behind).toBe(false));
    // The kept queue at start, then the list in one change: k1 removed, every alarm now unprocessed upserted once.
    expect(changes).toHaveLength(2);
    expect(changes[1]!.removed).toEqual(['k1']);
    expect(changes[1]!.upserts.map((a) => a.id).sort()).toEqual(serverIds(server));
  });

  it('keeps the fresh queue: the next start shows exactly the server’s set at once', async () => {
    const { server, store, f } = await restartedAfter(150);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    await f.stop();

    const kept = new AlarmStore(store).forSite(SITE).load();
    expect(kept.alarms.map((a) => a.id).sort()).toEqual(serverIds(server));
    const { follower: again } = follower(server, store);
    again.start();
    expect(ids(again)).toEqual(serverIds(server));
  });

  it('after the fresh list, a flood while following is applied answer by answer, not read as a list again', async () => {
    const { server, f, changes } = await restartedAfter(150);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    const lists = server.requests.filter(isList).length;
    const before = changes.length;

    for (let i = 0; i < 230; i++) server.raise(`flood${i}`);
    await vi.waitFor(() => expect(f.queue.size).toBe(server.alarms.size));
    expect(server.requests.filter(isList)).toHaveLength(lists);
    expect(changes.length - before).toBeGreaterThanOrEqual(3);
  });
});

describe('after an outage', () => {
  /** A follower that read the kept queue and then lost its connection. */
  async function cutOff(server: FakeAlarmServer) {
    keptQueue(server);
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    stores.push(store);
    const followed = follower(server, store);
    followed.follower.start();
    followed.follower.connection(true);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    followed.follower.connection(false, 'The server is not answering');
    return followed;
  }

  it('a little behind (less than a batch) catches up through updates alone', async () => {
    const server = new FakeAlarmServer();
    const { follower: f, changes } = await cutOff(server);
    night(server, 40);
    server.requests = [];
    f.connection(true);
    await vi.waitFor(() => expect(ids(f)).toEqual(serverIds(server)));
    expect(server.requests.some(isList)).toBe(false);
    expect(changes.at(-1)?.removed).toEqual(['k1']);
  });

  it('far behind (a full batch first): the list is read afresh and replaces the queue in one change', async () => {
    const server = new FakeAlarmServer();
    const { follower: f, changes } = await cutOff(server);
    night(server, 300);
    server.requests = [];
    const before = changes.length;

    f.connection(true);
    await vi.waitFor(() => expect(ids(f)).toEqual(serverIds(server)));
    // One updates answer (dropped), then the list's four pages (304 alarms).
    expect(server.requests[0]).toContain('/updates');
    expect(server.requests.filter(isList)).toHaveLength(4);
    expect(changes.length - before).toBe(1);
    expect(changes.at(-1)?.removed).toEqual(['k1']);
  });
});
