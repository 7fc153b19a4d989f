import { afterEach, describe, expect, it } from 'vitest';
import { SiteAlarms } from '../../../electron/core/alarms/site-alarms';
import { discover } from '../../../electron/core/api/discovery';
import { ITEM_TYPES } from '../../../electron/core/api/item-types';
import { LIVE_KINDS } from '../../../electron/core/board/catalogue';
import { ContractEvents } from '../../../electron/core/events';
import { SiteSession } from '../../../electron/core/site-session';
import type { ReceivedRequest, RunningSimulator } from '../../../electron/simulator/index';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { TEST_TIMING } from '../support/session';
import { deskConfigFor, eventually, startTestSite, transportFor } from '../support/site';

/**
 * At start-up the guard's alarm queue is read before the board's catalogue (SiteSession.onDiscovered,
 * core/first-reads.ts): 10,000 alarms are not queued behind 10,000 items. A slow alarm list holds the
 * board back for `firstReadsMs` at most. The session and its alarms are built as desk.ts builds them.
 */

/** What the desk had when the simulator received a request. */
interface Arrival {
  kind: 'alarm list' | 'catalogue' | 'other';
  path: string;
  /** Alarms in the desk's queue (every `alarms.changed` applied) at that moment. */
  queued: number;
  feed: AlarmFeed | undefined;
  boardItems: number;
}

let site: RunningSimulator | undefined;
let desk: { session: SiteSession; alarms: SiteAlarms } | undefined;
let releaseList: () => void = () => undefined;
let hook: (request: ReceivedRequest) => void | Promise<void> = () => undefined;

afterEach(async () => {
  releaseList();
  await desk?.alarms.stop();
  await desk?.session.stop();
  await site?.stop();
  desk = site = undefined;
  hook = () => undefined;
});

/**
 * A site with `alarms` waiting (more than one page of the list), and a desk started on it with
 * `firstReadsMs`; `holdList` holds every alarm-list page until it settles.
 */
async function startUp(alarms: number, firstReadsMs: number, holdList?: Promise<void>) {
  site = await startTestSite({ onRequest: (request) => hook(request) });
  site.control.floodAlarms({ count: alarms });
  const expected = site.control.unprocessedAlarms();
  // The catalogue's searches: the collection links /api gives for each type the board loads.
  const transport = transportFor(site);
  const links = (await discover(transport)).links;
  await transport.close();
  const searches = new Set(LIVE_KINDS.flatMap((kind) => links.get(ITEM_TYPES[kind].feature) ?? []).map((href) => new URL(href).pathname));
  const listPath = new URL(links.get('alarms.alarms')!).pathname;

  const events = new ContractEvents();
  const queue = new Set<string>();
  const feeds: AlarmFeed[] = [];
  let boardItems = 0;
  events.on('alarms.changed', ({ upserts, removed }) => {
    upserts.forEach((a) => queue.add(a.id));
    removed.forEach((id) => queue.delete(id));
  });
  events.on('alarms.feed', (feed) => feeds.push(feed));
  events.onBoard((items) => (boardItems = items.length));

  const arrivals: Arrival[] = [];
  hook = (request) => {
    const path = request.url.pathname;
    const kind = path === listPath ? 'alarm list' : searches.has(path) ? 'catalogue' : 'other';
    arrivals.push({ kind, path, queued: queue.size, feed: feeds.at(-1), boardItems });
    if (kind === 'alarm list' && holdList) return holdList;
  };

  const session = new SiteSession(deskConfigFor(site), events, undefined, { ...TEST_TIMING, firstReadsMs });
  const siteAlarms = new SiteAlarms({ site: session, events });
  desk = { session, alarms: siteAlarms };
  siteAlarms.start();
  await session.start();
  return { session, expected, arrivals, queue, feeds, board: () => boardItems };
}

describe('start-up order: the alarm queue before the board', () => {
  it("asks for the board's catalogue only once the last alarm-list page is answered and the whole queue is in", async () => {
    // A cap far longer than the list takes: only the list being whole lets the catalogue go.
    const started = await startUp(450, 60_000);
    await eventually(() => started.board() > 0 || undefined, 'the board loaded', 30_000);

    const first = started.arrivals.findIndex((a) => a.kind === 'catalogue');
    const pages = started.arrivals.flatMap((a, i) => (a.kind === 'alarm list' ? [i] : []));
    // 450 alarms at 100 a page (cc_rest.yaml: GET /api/alarms is paged with `next`): five pages, all asked first.
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(first).toBeGreaterThan(pages.at(-1)!);
    // The last page was answered and applied before the first search: the whole queue was at the desk.
    expect(started.arrivals[first]!.queued).toBe(started.expected);
    // Meanwhile the feed said the queue is being read (the header's Alarms button shows then).
    for (const i of pages) expect(started.arrivals[i]!.feed).toEqual({ source: 'server', live: true, behind: true });
    expect(started.queue.size).toBe(started.expected);
    expect(started.feeds.at(-1)).toMatchObject({ source: 'server', live: true, behind: false });
  });

  it('loads the board after firstReadsMs while the alarm list hangs, and the whole queue follows once the list answers', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    releaseList = release;
    const started = await startUp(150, 1_000, held);
    await eventually(() => started.board() > 0 || undefined, 'the board loaded while the alarm list hangs', 15_000);
    await eventually(() => started.session.connection.phase === 'connected' || undefined, 'connected');

    const first = started.arrivals.findIndex((a) => a.kind === 'catalogue');
    const list = started.arrivals.findIndex((a) => a.kind === 'alarm list');
    // The list was asked first and is still unanswered: the board did not wait for it past the cap.
    expect(list).toBeGreaterThanOrEqual(0);
    expect(list).toBeLessThan(first);
    expect(started.queue.size).toBe(0);
    expect(started.feeds.at(-1)).toEqual({ source: 'server', live: true, behind: true });

    release();
    await eventually(() => started.queue.size === started.expected || undefined, 'the whole queue after the list answered', 15_000);
    await eventually(() => started.feeds.at(-1)?.behind === false || undefined, 'the queue caught up');
    expect(started.feeds.at(-1)).toMatchObject({ source: 'server', live: true, behind: false });
  });
});
