import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlarmFollower } from '../../../electron/core/alarms/alarm-follower';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import type { QueueChange } from '../../../electron/core/alarms/alarm-queue';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { FakeAlarmServer } from './fake-alarm-server';

const running: AlarmFollower[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.stop()));
});

function follow(server: FakeAlarmServer, keeping?: ReturnType<AlarmStore['forSite']>) {
  const changes: QueueChange[] = [];
  const feeds: AlarmFeed[] = [];
  const follower = new AlarmFollower({ site: server.site(), keeping, changed: (c) => changes.push(c), feed: (f) => feeds.push(f), random: () => 0 });
  running.push(follower);
  follower.start();
  follower.connection(true);
  return { follower, changes, feeds };
}

const ids = (follower: AlarmFollower) => follower.queue.all().map((a) => a.id).sort();

describe('the alarm follower', () => {
  it('pages the list to its end, then follows its updates: merged by id, dropped when processed', async () => {
    const server = new FakeAlarmServer();
    for (let i = 0; i < 250; i++) server.raise(`a${i}`);
    const { follower, changes } = follow(server);
    await vi.waitFor(() => expect(follower.queue.size).toBe(250));
    // Three pages of the list (100, 100, 50), then the updates link the last page gave.
    expect(server.requests.filter((r) => r.includes('/api/alarms?') || r.endsWith('/api/alarms')).length).toBe(3);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    expect(follower.feed).toMatchObject({ source: 'server', live: true, behind: false });

    server.set({ ...server.alarms.get('a1')!, state: 'acknowledged' });
    await vi.waitFor(() => expect(follower.queue.get('a1')?.state).toBe('acknowledged'));
    expect(changes.at(-1)).toEqual({ upserts: [expect.objectContaining({ id: 'a1', state: 'acknowledged' })], removed: [] });

    server.set({ ...server.alarms.get('a1')!, state: 'processed' });
    await vi.waitFor(() => expect(follower.queue.get('a1')).toBeUndefined());
    expect(changes.at(-1)).toEqual({ upserts: [], removed: ['a1'] });
    expect(follower.queue.size).toBe(249);
  });

  it('says it is behind when a batch holds 100, asks again at once, and catches up without losing one', async () => {
    const server = new FakeAlarmServer();
    const { follower, feeds } = follow(server);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    for (let i = 0; i < 230; i++) server.raise(`f${i}`);
    await vi.waitFor(() => expect(follower.queue.size).toBe(230));
    expect(feeds.some((f) => f.behind)).toBe(true);
    await vi.waitFor(() => expect(follower.feed.behind).toBe(false));
    expect(new Set(ids(follower)).size).toBe(230);
  });

  it('keeps its queue in the local store: a restart shows it at once, then the list replaces it and misses nothing', async () => {
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    const server = new FakeAlarmServer();
    server.raise('x1');
    server.raise('x2');
    const first = follow(server, new AlarmStore(store).forSite('https://cc.test'));
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    await first.follower.stop();

    // While the desk is closed: one alarm processed elsewhere, one raised.
    server.set({ ...server.alarms.get('x1')!, state: 'processed' });
    server.raise('x3');
    server.requests = [];
    const second = follow(server, new AlarmStore(store).forSite('https://cc.test'));
    // The kept queue is shown at once, not live, before the server answers.
    expect(second.changes[0]?.upserts.map((a) => a.id).sort()).toEqual(['x1', 'x2']);
    await vi.waitFor(() => expect(ids(second.follower)).toEqual(['x2', 'x3']));
    // The list read afresh (AlarmFollower.start says why), then its updates followed.
    expect(server.requests[0]).toMatch(/\/api\/alarms$/);
    expect(second.changes.at(-1)).toEqual({ upserts: expect.any(Array), removed: ['x1'] });
    store.close();
  });

  it('reads the whole list again when the server refuses the bookmark (it restarted)', async () => {
    const server = new FakeAlarmServer();
    server.raise('r1');
    const { follower } = follow(server);
    await vi.waitFor(() => expect(server.requests.at(-1)).toContain('/updates'));
    follower.connection(false, 'The server is not answering');
    server.restart();
    server.raise('r2');
    server.requests = [];
    follower.connection(true);
    await vi.waitFor(() => expect(ids(follower)).toEqual(['r1', 'r2']));
    expect(server.requests[0]).toContain('/updates');
    expect(server.requests[1]).toMatch(/\/api\/alarms$/);
  });

  it('keeps the last queue, not live, with when it was last heard, while the connection is down; acts refused meanwhile', async () => {
    const server = new FakeAlarmServer();
    server.raise('o1');
    const { follower } = follow(server);
    await vi.waitFor(() => expect(follower.feed.live).toBe(true));
    follower.connection(false, 'The server is not answering');
    expect(follower.feed).toMatchObject({ source: 'server', live: false, reason: 'The server is not answering' });
    expect(follower.feed.heardAt).toBeTypeOf('number');
    expect(ids(follower)).toEqual(['o1']);
  });

  it('backs off after a failure, and says why on the feed', async () => {
    const server = new FakeAlarmServer();
    server.failures.push(new DeskError('server-error', 'The alarm list: the server failed (500)'));
    const { follower, feeds } = follow(server);
    await vi.waitFor(() => expect(feeds.some((f) => !f.live && f.reason?.includes('(500)'))).toBe(true));
    await vi.waitFor(() => expect(follower.feed.live).toBe(true), { timeout: 5_000 });
  });

  it('says the site is unlicensed when the server links no alarms (no RESTEvents)', async () => {
    const server = new FakeAlarmServer();
    server.licensed = false;
    const { follower } = follow(server);
    await vi.waitFor(() => expect(follower.feed.source).toBe('unlicensed'));
    expect(follower.feed.reason).toMatch(/RESTEvents/);
  });
});
