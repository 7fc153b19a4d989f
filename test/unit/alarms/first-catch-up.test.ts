import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlarmFollower } from '../../../electron/core/alarms/alarm-follower';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import type { QueueChange } from '../../../electron/core/alarms/alarm-queue';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { FakeAlarmServer } from './fake-alarm-server';

/**
 * At start-up the session loads the board's catalogue once the follower has first caught up with the
 * server (AlarmFollower.firstCaughtUp): the whole list read, with or without a kept store. It must
 * settle however that ends, or the board would wait for its cap on every start.
 */

const running: AlarmFollower[] = [];
const stores: LocalStore[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.stop()));
  stores.splice(0).forEach((s) => s.close());
});

function follower(server: FakeAlarmServer, keeping?: ReturnType<AlarmStore['forSite']>) {
  const changes: QueueChange[] = [];
  const feeds: AlarmFeed[] = [];
  const f = new AlarmFollower({ site: server.site(), keeping, changed: (c) => changes.push(c), feed: (feed) => feeds.push(feed), random: () => 0 });
  running.push(f);
  return { follower: f, changes, feeds };
}

/** A promise's state, read without waiting for it: `settled()` is true once it has fulfilled. */
function watch(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  return { settled: () => done };
}

/** Every callback already due has run (the fake server answers within a few turns). */
const turns = () => new Promise((resolve) => setImmediate(resolve));

/** A hold the test releases: the fake server's list waits for it. */
function hold() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** A follower started with its list held: asked for, and its first catching up not over yet. */
async function startWithListHeld(server: FakeAlarmServer, held: Promise<void>) {
  server.listHeld = held;
  const { follower: f } = follower(server);
  const first = watch(f.firstCaughtUp());
  f.start();
  f.connection(true);
  await vi.waitFor(() => expect(server.requests).toHaveLength(1));
  await turns();
  expect(first.settled()).toBe(false);
  return { f, first };
}

describe('the first catching up with the server (the board waits for it at start-up)', () => {
  it('settles only once the last page is answered and the whole queue applied', async () => {
    const server = new FakeAlarmServer();
    for (let i = 0; i < 250; i++) server.raise(`p${i}`);
    const list = hold();
    const { f, first } = await startWithListHeld(server, list.promise);

    list.release();
    await vi.waitFor(() => expect(first.settled()).toBe(true));
    // Three pages (100, 100, 50): the read settled with every alarm in the queue, none after.
    expect(server.requests.filter((r) => !r.includes('/updates'))).toHaveLength(3);
    expect(f.queue.size).toBe(250);
  });

  it('settles when the list read fails (the board is not held back by a server error)', async () => {
    const server = new FakeAlarmServer();
    server.raise('e1');
    server.failures.push(new DeskError('server-error', 'The alarm list: the server failed (500)'));
    const { follower: f } = follower(server);
    const first = watch(f.firstCaughtUp());
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(first.settled()).toBe(true));
    // Settled by the failure, not by a later success: the queue is still empty then.
    expect(server.requests).toHaveLength(1);
    expect(f.queue.size).toBe(0);
  });

  it('settles when the follower stops while the list is still out, and when asked after it stopped', async () => {
    const server = new FakeAlarmServer();
    server.raise('s1');
    const { f, first } = await startWithListHeld(server, new Promise<void>(() => undefined));

    await f.stop();
    expect(first.settled()).toBe(true);
    expect(f.queue.size).toBe(0);

    // Asked for the first time only after the follower stopped (the site closed at once): settled too.
    const { follower: closed } = follower(server);
    closed.start();
    await closed.stop();
    const late = watch(closed.firstCaughtUp());
    await turns();
    expect(late.settled()).toBe(true);
  });

  /** A follower that followed `server` once and stopped: its bookmark and queue kept in `store`. */
  async function keptFollow(server: FakeAlarmServer) {
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    stores.push(store);
    const earlier = follower(server, new AlarmStore(store).forSite('https://cc.test'));
    earlier.follower.start();
    earlier.follower.connection(true);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    await earlier.follower.stop();
    server.requests = [];
    return () => follower(server, new AlarmStore(store).forSite('https://cc.test'));
  }

  it('from a kept store, settles once the list read afresh is applied whole, not at once', async () => {
    const server = new FakeAlarmServer();
    server.raise('k0');
    const resume = await keptFollow(server);
    // A long night: 250 alarms raised while the desk was stopped.
    for (let i = 0; i < 250; i++) server.raise(`n${i}`);
    const { follower: f } = resume();
    let queuedWhenSettled: number | undefined;
    void f.firstCaughtUp().then(() => (queuedWhenSettled = f.queue.size));
    f.start();
    await turns();
    expect(queuedWhenSettled, 'settled before any answer').toBeUndefined();
    f.connection(true);
    await vi.waitFor(() => expect(queuedWhenSettled).toBeDefined());
    // The list's three pages, all applied when it settled; no update from the kept bookmark before them.
    expect(queuedWhenSettled).toBe(251);
    expect(server.requests.slice(0, 3).every((r) => !r.includes('/updates'))).toBe(true);
  });

  it('from a kept store with nothing new, settles at the list’s last page, not on a guess about a held poll', async () => {
    const server = new FakeAlarmServer();
    server.raise('q1');
    const resume = await keptFollow(server);
    const list = hold();
    server.listHeld = list.promise;
    const { follower: f } = resume();
    const first = watch(f.firstCaughtUp());
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    // However long the server takes to answer, the board waits for the answer (first-reads caps it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.settled()).toBe(false);

    list.release();
    await vi.waitFor(() => expect(first.settled()).toBe(true));
    expect(f.queue.size).toBe(1);
  });

  it("says source 'server', behind, while the list is read (the header offers the queue), then the whole queue, caught up", async () => {
    const server = new FakeAlarmServer();
    for (let i = 0; i < 230; i++) server.raise(`b${i}`);
    const list = hold();
    server.listHeld = list.promise;
    const { follower: f, feeds, changes } = follower(server);
    f.start();
    f.connection(true);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(f.feed).toEqual({ source: 'server', live: true, behind: true });
    expect(feeds).toEqual([{ source: 'server', live: true, behind: true }]);
    expect(changes).toEqual([]);

    list.release();
    await vi.waitFor(() => expect(f.feed.behind).toBe(false));
    expect(f.feed).toMatchObject({ source: 'server', live: true, behind: false, heardAt: expect.any(Number) });
    // The queue arrives whole, in one change: no alarm missing or twice.
    const upserted = changes.flatMap((c) => c.upserts.map((a) => a.id));
    expect(upserted).toHaveLength(230);
    expect(new Set(upserted)).toEqual(new Set([...server.alarms.keys()]));
  });
});
