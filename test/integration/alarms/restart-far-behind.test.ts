import { afterEach, describe, expect, it } from 'vitest';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { SiteAlarms } from '../../../electron/core/alarms/site-alarms';
import { postAlarmAction, readAlarmList } from '../../../electron/core/api/alarms';
import { discover } from '../../../electron/core/api/discovery';
import { ContractEvents } from '../../../electron/core/events';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { SiteSession } from '../../../electron/core/site-session';
import type { ReceivedRequest, RunningSimulator } from '../../../electron/simulator/index';
import type { AlarmFeed, AlarmSummary } from '../../../shared/contract/alarms';
import { TEST_TIMING } from '../support/session';
import { deskConfigFor, eventually, startTestSite, transportFor } from '../support/site';

/**
 * Issue 43: a desk restarted with its local store after a long night shows its kept queue at once,
 * reads the server's list afresh and replaces the kept queue in one step, as a start without a store
 * does, rather than replaying the night's updates 100 an answer (AlarmFollower.start). Over real TLS
 * against the simulator, the session and its alarms built as desk.ts builds them.
 */

let site: RunningSimulator | undefined;
let running: { session: SiteSession; alarms: SiteAlarms } | undefined;
let store: LocalStore | undefined;
let hook: (request: ReceivedRequest) => void = () => undefined;

afterEach(async () => {
  await stopDesk();
  await site?.stop();
  store?.close();
  site = store = undefined;
});

async function stopDesk(): Promise<void> {
  await running?.alarms.stop();
  await running?.session.stop();
  running = undefined;
}

/** What the page would hold: every `alarms.changed` applied; and what it was sent, event by event. */
function startDesk(site: RunningSimulator, keptIn: LocalStore) {
  const events = new ContractEvents();
  const queue = new Map<string, AlarmSummary>();
  const sent: { upserts: number; removed: string[] }[] = [];
  let feed: AlarmFeed | undefined;
  events.on('alarms.changed', ({ upserts, removed }) => {
    sent.push({ upserts: upserts.length, removed });
    upserts.forEach((a) => queue.set(a.id, a));
    removed.forEach((id) => queue.delete(id));
  });
  events.on('alarms.feed', (f) => (feed = f));
  const session = new SiteSession(deskConfigFor(site), events, undefined, TEST_TIMING);
  const alarms = new SiteAlarms({ site: session, events, keeping: new AlarmStore(keptIn).forSite(new URL(site.url).origin) });
  running = { session, alarms };
  alarms.start();
  void session.start();
  return { queue, sent, feed: () => feed };
}

describe('a restart far behind the server', () => {
  it('replaces the kept queue with the list read afresh: the right set, processed elsewhere gone, the kept queue shown until then', async () => {
    site = await startTestSite({ onRequest: (request) => hook(request) });
    site.control.floodAlarms({ count: 30 });
    store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    const first = startDesk(site, store);
    await eventually(() => (first.queue.size === 30 && first.feed()?.live && !first.feed()?.behind) || undefined, 'the first desk caught up');
    await stopDesk();

    // The night: one kept alarm processed at another desk, one acknowledged there, 450 raised.
    const transport = transportFor(site);
    const discovery = await discover(transport);
    const listed = await readAlarmList(transport, discovery.links.get('alarms.alarms')!, discovery.version);
    const [processed, acknowledged] = listed.alarms;
    await postAlarmAction(transport, processed!.process!.href, undefined);
    await postAlarmAction(transport, acknowledged!.acknowledge!.href, undefined);
    await transport.close();
    site.control.floodAlarms({ count: 450 });
    const expected = site.control.unprocessedAlarms();

    // Each alarm request, with how many alarms the page held when it arrived.
    const asked: { updates: boolean; pageHeld: number }[] = [];
    const listPath = new URL(discovery.links.get('alarms.alarms')!).pathname;
    let pageHeld = () => 0;
    hook = (request) => {
      const path = request.url.pathname;
      if (path === listPath || path === `${listPath}/updates`) asked.push({ updates: path !== listPath, pageHeld: pageHeld() });
    };
    const second = startDesk(site, store);
    pageHeld = () => second.queue.size;
    await eventually(() => (second.queue.size === expected && second.feed()?.behind === false) || undefined, 'the restarted desk caught up', 20_000);

    expect(second.queue.has(processed!.id)).toBe(false);
    expect(second.queue.get(acknowledged!.id)?.state).toBe('acknowledged');
    // The list's five pages first (nothing replayed from the kept bookmark), then its updates link.
    const pages = asked.filter((a) => !a.updates);
    expect(pages).toHaveLength(Math.ceil(expected / 100));
    expect(asked.slice(0, pages.length)).toEqual(pages);
    // While the list was read the page held the kept queue, whole: never empty, and nothing sent per answer.
    expect(pages.every((p) => p.pageHeld === 30)).toBe(true);
    // Sent: the kept queue at start, then the list in one change (479 alarms: one event), removing the processed one.
    expect(expected).toBe(479);
    expect(second.sent).toEqual([
      { upserts: 30, removed: [] },
      { upserts: expected, removed: [processed!.id] },
    ]);
  }, 40_000);
});
