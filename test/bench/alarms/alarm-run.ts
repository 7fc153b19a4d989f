import type { Page } from '@playwright/test';
import { generateSite } from '../../../electron/simulator/site/generate';
import { openDeskSocket } from '../../e2e/support/desk-socket';
import type { AlarmQueue } from '../../../shared/contract/alarms';
import { quantile, seeded } from '../stats';
import { BackgroundChanges } from '../desk/background-changes';
import { configureDesk, launch, type ConfiguredDesk, type Launch } from '../desk/configured-host';
import { boardItemCount, CHROMIUM, DOOR_NAME, load } from '../desk/desk-run';
import { launchBenchChromium } from '../desk/measuring-browser';
import { ProbePace } from '../desk/probe-pace';
import { round } from '../desk/probes';
import { AlarmRaiser, grantRestEvents, unprocessedAlarms, type AlarmToRaise } from './alarm-control';
import { ProbeAlarms } from './probe-alarms';
import { armRow, countReached, openQueue, rowShownAt, shownCount, timeDetailOpen } from './queue-page';
import { startWithFullQueue, type StartUpFigures } from './startup-part';

export interface AlarmBenchSettings {
  items: number;
  /** How long probes and background changes run (part a). */
  measureSeconds: number;
  /** Background status changes per second through the control API while probes run. */
  changesPerSecond: number;
  /** A probe every this many ms on average (probe-pace.ts). */
  probeEveryMs: number;
  /** Seconds of background changes between the queue being whole and the first probe: the desk's start is over. */
  settleSeconds: number;
  /** Alarms already in the queue before probes start (priorities 1–8): a queue a guard is working through. */
  queued: number;
  /** The flood (part b): this many alarms in `floodSeconds`. */
  floodAlarms: number;
  floodSeconds: number;
  /** Unprocessed alarms on the server when the desk starts (part c). */
  startupAlarms: number;
  /** Other checkouts whose built hosts part (c) times too, after this one's (BENCH_DESK_AGAINST). */
  against?: readonly string[];
}

export interface AlarmFigures {
  items: number;
  /** a: control-API raise → the alarm's row in the queue's DOM. */
  probes: number;
  missed: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  backgroundSent: number;
  backgroundFailed: number;
  /** b: alarms the flood raised (the control API took), and how many the queue then counted of them. */
  floodRaised: number;
  floodCounted: number;
  /** b: the last alarm of the flood raised → the queue's count took in every one of them. */
  floodAllShownMs: number | null;
  /** b: click on a row → its detail on screen, while the flood ran (median and slowest of the tries). */
  detailOpenMs: number | null;
  detailOpenMaxMs: number | null;
  detailTries: number;
  /** b: tries whose detail was not on screen within 10 s. */
  detailNotShown: number;
  /** b: raised alarms missing from the desk's queue (alarms.get) after the flood, and ids there twice. */
  floodLost: number;
  duplicates: number;
  /** c: alarms unprocessed on the server when the desk started, and how many its queue then counted. */
  startupAlarms: number;
  startupCounted: number;
  /** c: page load (navigation started) → the queue's count says every alarm; goal 3 s. */
  startupShownMs: number | null;
  /** c: the same from the host's spawn (the desk's own start included). */
  startupFromSpawnMs: number | null;
  /** c: the same queue on a restart with the desk's local store (bookmark and last queue kept): page load → all counted. */
  resumeShownMs: number | null;
  /** c: the same two starts by each of `against`'s hosts (this checkout's first in the list). */
  startupByCheckout: StartUpFigures[];
  loadStart: number;
  loadEnd: number;
}

const PROBE_TIMEOUT_MS = 10_000;
/** How long the flood's alarms may take to be counted after its last one. */
const SHOWN_LIMIT_MS = 60_000;
const VIEWPORT = { width: 1920, height: 1080 };

/**
 * One alarm run: a generated site of `items` items in the simulator's own process, with RESTEvents;
 * the browser host configured for it through its own Settings calls; Chromium on the desk's page with
 * the alarm queue open. Then (a) probes: an alarm raised through the control API, timed until its row
 * is in the queue's DOM, with background status changes; (b) a flood of alarms, the detail of one
 * opened now and then while it runs, then every one of them counted in the queue and looked for in
 * the desk's queue (nothing lost, nothing twice); (c) the host stopped, the server's queue filled to
 * `startupAlarms` unprocessed alarms, the host started again (with its local store kept, then without)
 * and timed from page load until the queue counts them all, then `against`'s hosts the same way.
 */
export async function runAlarms(settings: AlarmBenchSettings, log: (line: string) => void): Promise<AlarmFigures> {
  const site = generateSite({ items: settings.items });
  const doorIds = (site.doors ?? []).map((d) => String(d.id));
  const loadStart = load();
  const configured = await configureDesk(settings.items, boardItemCount(site), undefined, log, (sim) => grantRestEvents(sim.controlUrl));
  const raiser = new AlarmRaiser(configured.sim.controlUrl);
  const browser = await launchBenchChromium(CHROMIUM);
  const openPage = () => browser.newPage({ viewport: VIEWPORT });
  const random = seeded(17);
  const at = (i: number): AlarmToRaise['sourceId'] => doorIds[Math.floor(random() * doorIds.length)] ?? doorIds[i % doorIds.length]!;
  let running: Launch | undefined;
  try {
    // A queue a guard is working through, before the desk starts: its first read pages it.
    const queued = Array.from({ length: settings.queued }, (_, i) => ({ sourceId: at(i), priority: 2 + (i % 7), message: `Bench queued ${i}` }));
    await raiser.flood(queued, Math.max(1, settings.queued / 500));
    running = await launch(configured, openPage, boardItemCount(site), DOOR_NAME);
    const { page, desk } = running;
    desk.close();
    await openQueue(page, SHOWN_LIMIT_MS);
    const counted = await countReached(page, settings.queued, SHOWN_LIMIT_MS);
    if (counted === null) throw new Error(`the queue did not count the ${settings.queued} alarms raised before the desk started within ${SHOWN_LIMIT_MS / 1000} s (it shows ${await shownCount(page)})`);

    const probeFigures = await probeRows(page, configured, raiser, settings, at, site, log);
    const flood = await floodQueue(page, configured, running.host.url, raiser, settings, at, log);
    await running.close();
    running = undefined;
    const startup = await startWithFullQueue(configured, openPage, settings.startupAlarms, at, settings.against ?? [], log);
    const own = startup.figures[0]!;
    return {
      items: settings.items,
      ...probeFigures,
      ...flood,
      startupAlarms: startup.expected,
      startupCounted: own.counted,
      startupShownMs: own.shownMs,
      startupFromSpawnMs: own.fromSpawnMs,
      resumeShownMs: own.resumeShownMs,
      startupByCheckout: startup.figures,
      loadStart,
      loadEnd: load(),
    };
  } finally {
    await running?.close();
    await browser.close();
    await raiser.close();
    await configured.stop();
  }
}

/** (a) Probe alarms one at a time under background changes, each timed until its row is in the queue. */
async function probeRows(
  page: Page,
  configured: ConfiguredDesk,
  raiser: AlarmRaiser,
  settings: AlarmBenchSettings,
  at: (i: number) => string,
  site: ReturnType<typeof generateSite>,
  log: (line: string) => void,
): Promise<Pick<AlarmFigures, 'probes' | 'missed' | 'p50Ms' | 'p99Ms' | 'maxMs' | 'backgroundSent' | 'backgroundFailed'>> {
  const ids = {
    doors: (site.doors ?? []).map((d) => String(d.id)),
    inputs: (site.inputs ?? []).map((i) => String(i.id)),
    zones: (site.accessZones ?? []).map((z) => String(z.id)),
  };
  const background = new BackgroundChanges(configured.sim.controlUrl, ids, seeded(7));
  const probes = new ProbeAlarms(configured.sim);
  const latencies: number[] = [];
  let missed = 0;
  background.start(settings.changesPerSecond);
  await new Promise((resolve) => setTimeout(resolve, settings.settleSeconds * 1000));
  const pace = new ProbePace(settings.probeEveryMs);
  const startedAt = Date.now();
  try {
    for (let i = 0; Date.now() - startedAt < settings.measureSeconds * 1000; i++) {
      await pace.due();
      const message = `Bench probe ${i} ${Date.now().toString(36)}`;
      await armRow(page, message, PROBE_TIMEOUT_MS);
      const raisedAt = Date.now();
      // The highest priority: the queue puts it first, on screen, however long the queue is.
      const id = await raiser.raise({ sourceId: at(i), priority: 9, message });
      if (id === undefined) throw new Error(raiser.lastFailure);
      const shown = await rowShownAt(page, message);
      if (shown === null) missed++;
      else latencies.push(shown - raisedAt);
      // Processed at once, as another desk would: the next probe is again the only one at the top.
      await probes.process(id);
    }
  } finally {
    await background.stop();
    await probes.close();
  }
  const figures = { probes: latencies.length + missed, missed, p50Ms: round(quantile(latencies, 0.5)), p99Ms: round(quantile(latencies, 0.99)), maxMs: round(latencies.length ? Math.max(...latencies) : undefined) };
  log(`  raise → row: ${figures.probes} probes, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${missed} missed; ${background.sent} background changes (${background.failed} failed)`);
  return { ...figures, backgroundSent: background.sent, backgroundFailed: background.failed };
}

/** (b) The flood, a detail opened every two seconds while it runs, then every alarm counted and looked for. */
async function floodQueue(
  page: Page,
  configured: ConfiguredDesk,
  hostUrl: string,
  raiser: AlarmRaiser,
  settings: AlarmBenchSettings,
  at: (i: number) => string,
  log: (line: string) => void,
): Promise<Pick<AlarmFigures, 'floodRaised' | 'floodCounted' | 'floodAllShownMs' | 'detailOpenMs' | 'detailOpenMaxMs' | 'detailTries' | 'detailNotShown' | 'floodLost' | 'duplicates'>> {
  const alarms = Array.from({ length: settings.floodAlarms }, (_, i) => ({ sourceId: at(i), priority: 2 + (i % 7), message: `Bench flood ${i}` }));
  const flooding = raiser.flood(alarms, settings.floodSeconds);
  let done = false;
  void flooding.finally(() => (done = true));
  const detailMs: number[] = [];
  let detailNotShown = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (done) break;
    const shown = await timeDetailOpen(page, PROBE_TIMEOUT_MS);
    if (shown === null) detailNotShown++;
    else detailMs.push(shown);
  }
  const sentAt = await flooding;
  const lastSent = Math.max(...sentAt.values());
  // What the server holds now (the site's own alarms too, such as zone counts the background moved out of range).
  const expected = await unprocessedAlarms(configured.sim.controlUrl);
  const all = await countReached(page, expected, SHOWN_LIMIT_MS);
  const queueShows = (await shownCount(page)) ?? 0;
  // Looked for in what the desk holds, after the measured part: a second socket while measuring would double every event.
  const desk = await openDeskSocket(hostUrl);
  let queue: AlarmQueue;
  try {
    queue = await desk.call<AlarmQueue>('alarms.get');
  } finally {
    desk.close();
  }
  const held = new Set(queue.alarms.map((a) => a.message));
  const floodLost = [...sentAt.keys()].filter((message) => !held.has(message)).length;
  const floodCounted = sentAt.size - floodLost;
  const duplicates = queue.alarms.length - new Set(queue.alarms.map((a) => a.id)).size;
  const figures = {
    floodRaised: sentAt.size,
    floodCounted,
    floodAllShownMs: all === null ? null : all - lastSent,
    detailOpenMs: round(quantile(detailMs, 0.5)),
    detailOpenMaxMs: round(detailMs.length ? Math.max(...detailMs) : undefined),
    detailTries: detailMs.length + detailNotShown,
    detailNotShown,
    floodLost,
    duplicates,
  };
  log(`  flood: ${figures.floodRaised} raised in ${settings.floodSeconds} s, ${floodCounted} in the desk's queue, the page counts ${queueShows} of the server's ${expected}, all shown ${figures.floodAllShownMs} ms after the last; detail opened in ${figures.detailOpenMs} ms (max ${figures.detailOpenMaxMs}, ${figures.detailTries} tries, ${detailNotShown} not within 10 s); ${floodLost} lost, ${duplicates} twice`);
  return figures;
}
