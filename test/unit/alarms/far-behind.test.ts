import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlarmFollower } from '../../../electron/core/alarms/alarm-follower';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import type { QueueChange } from '../../../electron/core/alarms/alarm-queue';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { FakeAlarmServer } from './fake-alarm-server';

/**
 * A kept bookmark far behind the server (its first updates answer a full batch of 100: cc_rest.yaml
 * /api/alarms/updates, "you have fallen behind") is not replayed answer by answer: the list is read
 * afresh and replaces the kept queue in one step, as a start without a store does. The kept queue is
 * shown until then; nothing is lost, nothing sent to the page per answer.
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

describe('a restart far behind the server', () => {
  it('reads the list afresh after one full updates answer: the right set, the one processed elsewhere gone', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = await keptFollow(server);
    night(server, 250);

    const { follower: f } = follower(server, store);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    expect(ids(f)).toEqual(serverIds(server));
    expect(f.queue.get('k1')).toBeUndefined();
    expect(f.queue.get('k2')?.state).toBe('acknowledged');
    // One updates call from the kept bookmark, then the list's three pages (254 alarms), then its updates link.
    expect(server.requests[0]).toContain('/updates');
    expect(server.requests.slice(1, 4).every(isList)).toBe(true);
    expect(server.requests.filter(isList)).toHaveLength(3);
    expect(server.requests.at(-1)).toContain('/updates');
  });

  it('shows the kept queue, catching up, until the list replaces it in one change: nothing sent per answer', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = await keptFollow(server);
    night(server, 450);
    let release!: () => void;
    server.listHeld = new Promise<void>((resolve) => (release = resolve));

    const { follower: f, changes, feeds } = follower(server, store);
    f.start();
    f.connection(true);
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

  it('keeps the fresh queue and its bookmark: the next start shows exactly the server’s set', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = await keptFollow(server);
    night(server, 150);
    const { follower: f } = follower(server, store);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    await f.stop();

    const kept = new AlarmStore(store).forSite(SITE).load();
    expect(kept.alarms.map((a) => a.id).sort()).toEqual(serverIds(server));
    // The list's own updates link, not the old bookmark: the next start asks updates from it and nothing else.
    server.requests = [];
    server.raise('m1');
    const { follower: again } = follower(server, store);
    again.start();
    again.connection(true);
    await vi.waitFor(() => expect(again.queue.get('m1')).toBeDefined());
    expect(server.requests.some(isList)).toBe(false);
  });

  it('after the fresh list, a flood while following is applied answer by answer, not read as a list again', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = await keptFollow(server);
    night(server, 150);
    const { follower: f, changes } = follower(server, store);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(f.feed).toMatchObject({ live: true, behind: false }));
    const lists = server.requests.filter(isList).length;
    const before = changes.length;

    for (let i = 0; i < 230; i++) server.raise(`flood${i}`);
    await vi.waitFor(() => expect(f.queue.size).toBe(server.alarms.size));
    expect(server.requests.filter(isList)).toHaveLength(lists);
    expect(changes.length - before).toBeGreaterThanOrEqual(3);
  });

  it('a little behind (less than a batch) catches up through updates alone', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = await keptFollow(server);
    night(server, 40);
    const { follower: f, changes } = follower(server, store);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(ids(f)).toEqual(serverIds(server)));
    expect(server.requests.some(isList)).toBe(false);
    expect(changes.at(-1)?.removed).toEqual(['k1']);
  });

  it('far behind after the connection was down: the list is read afresh too', async () => {
    const server = new FakeAlarmServer();
    keptQueue(server);
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    stores.push(store);
    const { follower: f } = follower(server, store);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    f.connection(false, 'The server is not answering');
    night(server, 300);
    server.requests = [];

    f.connection(true);
    await vi.waitFor(() => expect(ids(f)).toEqual(serverIds(server)));
    expect(server.requests[0]).toContain('/updates');
    expect(server.requests.filter(isList)).toHaveLength(4);
  });
});
