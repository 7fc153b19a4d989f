import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { unpackPart } from '../../../shared/contract/board-packing';
import type { AlarmFeed, AlarmSummary } from '../../../shared/contract/alarms';
import { deskConfigFor, eventually, startTestSite } from '../support/site';

/**
 * Issue 32 §4: two desks on one site. One acknowledges and processes; the other sees each step (the
 * server's updates answer at once when an alarm changes); nothing is duplicated, and nothing is lost
 * across a restart of either desk or of the server.
 */

/** What a desk's renderer would hold: the queue from `alarms.get`, then every `alarms.changed` applied. */
class WatchedDesk {
  readonly desk: Desk;
  readonly queue = new Map<string, AlarmSummary>();
  feed: AlarmFeed | undefined;
  /** Each alarm id as many times as an upsert named it in one event (a duplicate would show twice). */
  duplicates = 0;
  /** The alarms of the first queue this desk published: at a start, the queue kept in its local store. */
  firstShown: string[] | undefined;

  constructor(
    site: RunningSimulator,
    readonly dir: string,
  ) {
    this.desk = new Desk({ sites: fixedSite(deskConfigFor(site)), records: openDeskRecords({ dir, desk: `desk ${dir}` }) });
    this.desk.on('alarms.changed', ({ upserts, removed }) => {
      this.firstShown ??= upserts.map((a) => a.id);
      if (new Set(upserts.map((a) => a.id)).size !== upserts.length) this.duplicates++;
      for (const a of upserts) this.queue.set(a.id, a);
      for (const id of removed) this.queue.delete(id);
    });
    this.desk.on('alarms.feed', (feed) => (this.feed = feed));
  }

  async start(): Promise<this> {
    await this.desk.start();
    const { alarms, feed } = await this.desk.handle('alarms.get', {});
    for (const a of alarms) this.queue.set(a.id, a);
    this.feed = feed;
    return this;
  }

  live(): boolean {
    return this.feed?.live === true;
  }
}

let site: RunningSimulator;
const dirs = [mkdtempSync(join(tmpdir(), 'gatehouse-desk-a-')), mkdtempSync(join(tmpdir(), 'gatehouse-desk-b-'))] as const;
let a: WatchedDesk;
let b: WatchedDesk;
let doorHref: string;
let doorId: string;

beforeAll(async () => {
  site = await startTestSite();
  a = await new WatchedDesk(site, dirs[0]).start();
  b = await new WatchedDesk(site, dirs[1]).start();
  await eventually(() => a.live() && b.live(), 'both desks following the alarms');
  const door = await eventually(async () => unpackPart(await a.desk.handle('board.get', {})).items.find((i) => i.kind === 'door'), 'a door on the board');
  doorHref = door.href;
  doorId = door.id;
  // The queue is live before the board is in (it is read first at start-up): an alarm's source is
  // one click away once the desk's board holds it.
  await eventually(async () => unpackPart(await b.desk.handle('board.get', {})).items.some((i) => i.href === doorHref), "the door on the other desk's board");
}, 60_000);

afterAll(async () => {
  await a?.desk.stop();
  await b?.desk.stop();
  await site?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Seen at the other desk through the server's updates. How soon (issue 32: within a second) is measured
 * by the bench and the two-desk e2e spec, not by a timed assertion here: a shared machine running the
 * whole suite is no clock.
 */
const seen = <T>(probe: () => T | undefined, what: string) => eventually(probe, what);

describe('two desks on one site', () => {
  it('both show a raised alarm, its source one click away on the board, with its instructions sanitised', async () => {
    const { id } = site.control.raiseAlarm({ kind: 'forcedDoor', source: doorId, active: false });
    for (const desk of [a, b]) await seen(() => desk.queue.get(id), 'the alarm on both desks');
    const shown = b.queue.get(id)!;
    expect(shown).toMatchObject({ state: 'unacknowledged', source: { itemHref: doorHref }, priority: expect.any(Number) });
    // The demo site's forced door requires a note: only the …WithComment links are offered.
    expect(shown.actions).toEqual(expect.arrayContaining(['acknowledgeWithComment', 'processWithComment']));
    expect(shown.actions).not.toContain('acknowledge');
    expect(shown.notePresets.length).toBeGreaterThan(0);

    const detail = await b.desk.handle('alarms.detail', { id });
    expect(detail.instruction?.html).toMatch(/<h2>Door forced open<\/h2><ol><li>/);
  });

  it('acknowledged and processed at one desk, each step seen at the other, nothing duplicated', async () => {
    const { id } = site.control.raiseAlarm({ kind: 'external', source: doorId, priority: 6, message: 'Panic button at the dock' });
    await seen(() => a.queue.get(id) && b.queue.get(id), 'the alarm on both desks');

    await expect(a.desk.handle('alarms.act', { ids: [id], action: 'acknowledge', comment: 'On my way' })).resolves.toEqual({ results: [{ id, outcome: 'done' }] });
    await seen(() => b.queue.get(id)?.state === 'acknowledged', 'the acknowledgement at the other desk');
    const history = (await b.desk.handle('alarms.detail', { id })).history;
    expect(history).toContainEqual(expect.objectContaining({ action: 'acknowledge', comment: 'On my way' }));

    await a.desk.handle('alarms.act', { ids: [id], action: 'process', comment: 'False alarm: cleaner leaned on it' });
    await seen(() => !b.queue.has(id) && !a.queue.has(id), 'the alarm gone from both queues');
    expect(a.duplicates + b.duplicates).toBe(0);
  });

  it('acts on several at once, each with its own outcome; an action without its link is refused, saying why', async () => {
    const ids = [1, 2, 3].map(() => site.control.raiseAlarm({ kind: 'external', source: doorId, priority: 4 }).id);
    const forced = site.control.raiseAlarm({ kind: 'forcedDoor', source: doorId, active: false }).id;
    await seen(() => [...ids, forced].every((id) => a.queue.has(id)), 'four alarms at the first desk');
    const { results } = await a.desk.handle('alarms.act', { ids: [...ids, forced], action: 'acknowledge' });
    expect(results.filter((r) => r.outcome === 'done').map((r) => r.id)).toEqual(ids);
    expect(results.find((r) => r.id === forced)).toMatchObject({ outcome: 'refused', text: expect.stringMatching(/requires a note/) });
    await seen(() => ids.every((id) => b.queue.get(id)?.state === 'acknowledged'), 'all three acknowledged at the other desk');
    expect(b.queue.get(forced)?.state).toBe('unacknowledged');
  });

  it('a desk restarted resumes where it stopped: what changed while it was down is there, nothing twice', async () => {
    await b.desk.stop();
    const raised = site.control.raiseAlarm({ kind: 'external', source: doorId, priority: 5 }).id;
    await seen(() => a.queue.get(raised), 'the new alarm at the desk still running');
    await a.desk.handle('alarms.act', { ids: [raised], action: 'acknowledge' });
    const gone = [...a.queue.values()].find((x) => x.state === 'acknowledged' && x.id !== raised)!.id;
    await a.desk.handle('alarms.act', { ids: [gone], action: 'process' });

    b = new WatchedDesk(site, dirs[1]);
    await b.start();
    // The first queue it showed is the one it last had (kept in its local store), before the server's list replaced it.
    expect(b.firstShown).toContain(gone);
    await eventually(() => b.queue.get(raised)?.state === 'acknowledged' && !b.queue.has(gone), 'the restarted desk caught up');
    await eventually(() => b.live(), 'live again');
    expect([...b.queue.keys()].sort()).toEqual([...a.queue.keys()].sort());
    expect(b.queue.size).toBe(site.control.unprocessedAlarms());
  });

  it('while the server is away the queue stays, stale with its age, and actions are refused, never queued; after a restart of the server nothing is lost', async () => {
    const before = a.queue.size;
    // The server "restarts": it stops answering, its connections drop, and the bookmarks it gave are forgotten.
    site.control.setFaults({ dropRequests: {} });
    site.control.dropConnections();
    site.control.forgetAlarmBookmarks();
    await eventually(() => !a.live() && !b.live(), 'both desks not live', 20_000);
    expect(a.feed).toMatchObject({ source: 'server', live: false, heardAt: expect.any(Number), reason: expect.any(String) });
    expect(a.queue.size).toBe(before);
    const someone = [...a.queue.keys()][0]!;
    await expect(a.desk.handle('alarms.act', { ids: [someone], action: 'comment', comment: 'Checking' })).rejects.toMatchObject({ code: 'offline' });
    const audit = await a.desk.handle('audit.list', { limit: 5 });
    expect(audit.entries[0]?.action).toMatchObject({ kind: 'alarm.acted', action: 'comment', outcome: 'refused' });

    // Raised while the desks could not hear; processed elsewhere meanwhile too.
    const during = site.control.raiseAlarm({ kind: 'external', source: doorId, priority: 8 }).id;
    site.control.clearFaults();
    await eventually(() => a.live() && b.live(), 'both desks live again', 30_000);
    for (const desk of [a, b]) await eventually(() => desk.queue.get(during), 'the alarm raised while away', 10_000);
    expect([...a.queue.keys()].sort()).toEqual([...b.queue.keys()].sort());
    expect(a.queue.size).toBe(site.control.unprocessedAlarms());
    expect(a.duplicates + b.duplicates).toBe(0);
  });
});
