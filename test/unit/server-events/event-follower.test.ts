import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { StoredBookmarks } from '../../../electron/core/server-events/bookmark-store';
import { EventFollower } from '../../../electron/core/server-events/event-follower';
import { boardItem, event, fakeSite, ORIGIN } from './fake-site';

const SITE = ORIGIN;
const updates = (pos: number) => ({ href: `${ORIGIN}/api/events/updates?pos=${pos}` });
const fast = { retryBaseMs: 1, retryMaxMs: 5, deadlineS: 1, catchUpTop: 50, notConnectedMs: 5, bookmarkEveryMs: 5 };

/** Waits until `done` holds (the follower runs on its own). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}

describe('the live journal follower', () => {
  const followers: EventFollower[] = [];
  const stores: LocalStore[] = [];
  afterEach(async () => {
    await Promise.all(followers.splice(0).map((f) => f.stop()));
    stores.splice(0).forEach((s) => s.close());
  });
  const bookmarks = () => {
    const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
    stores.push(store);
    return new StoredBookmarks(store);
  };

  it('starts at the newest events, follows updates with its deadline on every call, emits each batch and keeps the bookmark', async () => {
    const door = boardItem('501', 'Front door');
    const held: ServerEvent[][] = [];
    const { site, asked } = fakeSite((url) => {
      if (url.pathname === '/api/events') return { events: [event('9')], updates: updates(9) };
      const pos = Number(url.searchParams.get('pos'));
      if (pos === 9) return { events: [event('10'), event('11')], updates: updates(11) };
      return new Promise((r) => setTimeout(() => r({ events: [], updates: updates(pos) }), 20));
    }, [door]);
    const book = bookmarks();
    const follower = new EventFollower(site, SITE, book, (batch) => held.push(batch), fast);
    followers.push(follower);
    follower.start();
    await until(() => held.length === 2);
    // The first start sends the newest events too: any raised while the desk was connecting are not missed.
    expect(held.map((batch) => batch.map((e) => e.id))).toEqual([['9'], ['10', '11']]);
    expect(held[1]![0]!.source.itemHref).toBe(door.href);
    expect(asked[0]!.searchParams.get('previous')).toBe('true');
    expect(asked[0]!.searchParams.get('top')).toBe('50');
    const polls = asked.filter((u) => u.pathname === '/api/events/updates');
    expect(polls.every((u) => u.searchParams.get('deadline') === '1')).toBe(true);
    await until(() => book.load(SITE) === updates(11).href);
  });

  it('resumes from the stored bookmark after a restart: nothing that happened meanwhile is missed', async () => {
    const book = bookmarks();
    book.save(SITE, updates(40).href);
    const held: ServerEvent[][] = [];
    const { site, asked } = fakeSite((url) =>
      url.searchParams.get('pos') === '40' ? { events: [event('41')], updates: updates(41) } : new Promise((r) => setTimeout(() => r({ events: [], updates: updates(41) }), 20)),
    );
    const follower = new EventFollower(site, SITE, book, (batch) => held.push(batch), fast);
    followers.push(follower);
    follower.start();
    await until(() => held.length === 1);
    expect(asked[0]!.pathname).toBe('/api/events/updates');
    expect(asked[0]!.searchParams.get('pos')).toBe('40');
    expect(held[0]!.map((e) => e.id)).toEqual(['41']);
  });

  it('a refused bookmark is dropped and the newest events read again and sent', async () => {
    const book = bookmarks();
    book.save(SITE, updates(7).href);
    const held: ServerEvent[][] = [];
    const { site, asked } = fakeSite((url) => {
      if (url.searchParams.get('pos') === '7') return new DeskError('bad-request', 'Event journal updates: the server could not accept the request (400)');
      if (url.pathname === '/api/events') return { events: [event('20'), event('21')], updates: updates(21) };
      return new Promise((r) => setTimeout(() => r({ events: [], updates: updates(21) }), 20));
    });
    const follower = new EventFollower(site, SITE, book, (batch) => held.push(batch), fast);
    followers.push(follower);
    follower.start();
    await until(() => held.length === 1);
    const reread = asked.find((u) => u.pathname === '/api/events')!;
    expect(reread.searchParams.get('previous')).toBe('true');
    expect(reread.searchParams.get('top')).toBe('50');
    expect(held[0]!.map((e) => e.id)).toEqual(['20', '21']);
    await until(() => book.load(SITE) === updates(21).href);
  });

  it('backs off while the server fails and carries on from the same bookmark once it answers', async () => {
    const book = bookmarks();
    book.save(SITE, updates(3).href);
    let failures = 3;
    const held: ServerEvent[][] = [];
    const { site, asked } = fakeSite((url) => {
      if (failures > 0) {
        failures--;
        return new DeskError('server-error', 'Event journal updates: the server failed (500)');
      }
      if (url.searchParams.get('pos') === '3') return { events: [event('4')], updates: updates(4) };
      return new Promise((r) => setTimeout(() => r({ events: [], updates: updates(4) }), 20));
    });
    const follower = new EventFollower(site, SITE, book, (batch) => held.push(batch), fast);
    followers.push(follower);
    follower.start();
    await until(() => held.length === 1);
    expect(asked.slice(0, 4).every((u) => u.searchParams.get('pos') === '3')).toBe(true);
    expect(held[0]!.map((e) => e.id)).toEqual(['4']);
  });

  it('waits while the site is not connected, then starts', async () => {
    const held: ServerEvent[][] = [];
    const { site, asked, setConnected } = fakeSite((url) =>
      url.pathname === '/api/events' ? { events: [event('5')], updates: updates(5) } : new Promise((r) => setTimeout(() => r({ events: [], updates: updates(5) }), 20)),
    );
    setConnected(false);
    const follower = new EventFollower(site, SITE, bookmarks(), (batch) => held.push(batch), fast);
    followers.push(follower);
    follower.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(asked).toHaveLength(0);
    setConnected(true);
    await until(() => held.length === 1);
    expect(held[0]!.map((e) => e.id)).toEqual(['5']);
  });

  it('writes the bookmark at most every bookmarkEveryMs on a busy site, and the newest one when it stops', async () => {
    const book = bookmarks();
    const writes: string[] = [];
    const save = book.save.bind(book);
    book.save = (site, href) => {
      writes.push(href);
      save(site, href);
    };
    const held: ServerEvent[][] = [];
    // Every poll answers at once with one new event: a site busy enough to answer many times a second.
    const { site } = fakeSite((url) => {
      if (url.pathname === '/api/events') return { events: [event('1')], updates: updates(1) };
      const pos = Number(url.searchParams.get('pos'));
      return new Promise((r) => setTimeout(() => r({ events: [event(String(pos + 1))], updates: updates(pos + 1) }), 1));
    });
    const follower = new EventFollower(site, SITE, book, (batch) => held.push(batch), { ...fast, bookmarkEveryMs: 60_000 });
    follower.start();
    await until(() => held.length >= 50);
    // The first answer's bookmark is written at once; the rest wait for the interval.
    expect(writes).toEqual([updates(1).href]);
    await follower.stop();
    const newest = Number(new URL(book.load(SITE)!).searchParams.get('pos'));
    expect(writes).toHaveLength(2);
    expect(newest).toBe(held.length);
  });
});
