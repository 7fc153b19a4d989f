import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { launchMeasuringBrowser, type MainThreadTime, type MeasuringBrowser } from './measuring-browser';
import { BOARD_KINDS } from '../../../electron/core/board/catalogue';
import { generateSite } from '../../../electron/simulator/site/generate';
import { readWholeBoard, type DeskSocket } from '../../e2e/support/desk-socket';
import { quantile, seeded } from '../stats';
import { BackgroundChanges } from './background-changes';
import { configureDesk, forgetLastKnown, launch, type Launch } from './configured-host';
import { cpuShare, readCpu } from './cpu-share';
import { openHostHeap } from './host-heap';
import { heldPolls, longPollsPerMinute, restRequests, rssMbOf, type HostEntry } from './host-process';
import { ProbePace } from './probe-pace';
import { inTurn, ProbeTally, round, type Probe } from './probes';
import { arm, cleared, doorNamesOffScreen, doorNamesOnScreen, installTileWatch, shownAt, showsForced, type WatchedPlace } from './tile-watch';

export interface DeskSettings {
  items: number;
  /** How long probes and background changes run. */
  measureSeconds: number;
  /** Background changes per second through the control API. */
  changesPerSecond: number;
  /** How long the idle desk is watched for its request rate (after the measured part, once changes stop). */
  idleSeconds: number;
  /** Soak only: sample memory and latency every this many seconds. */
  sampleEverySeconds?: number;
  /**
   * Sets up and opens the view to measure in once the board is complete (default: the board as it
   * opens), through the desk socket and the page, with its watch installed (installTileWatch); answers
   * the door names to probe, timed the same way. A floor plan with its pins: plan-view.ts (issue 16).
   */
  openView?: (page: Page, desk: DeskSocket) => Promise<string[]>;
  /** What the tables call the view (default "board"). */
  viewName?: string;
  /** Where the view shows its on-screen probes (default the tile; a floor plan's pins: "pin"). */
  probePlace?: WatchedPlace;
  /**
   * Also probe doors that are not on screen, in turn with the on-screen ones, timed until the attention
   * strip names them as forced (issue 34). The board view only: BENCH_OFF_SCREEN=0 leaves them out.
   */
  offScreen?: boolean;
  /** Seconds of background changes between the board being live and the first probe (BENCH_SETTLE_SECONDS). */
  settleSeconds?: number;
  /** Another checkout's built host (renderer and core) to run instead of this one's: BENCH_DESK_AGAINST. */
  checkout?: string;
  /** The simulator's server version (default its own, 9.40); before 8.30 there are no multi-item subscriptions. */
  demoVersion?: string;
  /** Probes read with no Playwright on the page while measuring (measuring-browser.ts): BENCH_DESK_UNWATCHED=1. */
  unwatched?: boolean;
  /** A probe every this many ms on average, 0 for back to back (probe-pace.ts): BENCH_PROBE_EVERY_MS. */
  probeEveryMs: number;
}

export interface DeskFigures {
  /** The view measured: "board", or "plan" (a floor plan with its pins). */
  view: string;
  items: number;
  boardItems: number;
  /** The host as built by `npm run build` (what `npm start` runs) or its source under tsx. */
  hostEntry: HostEntry;
  /** Where the desk's vault keeps its key in this run (the keychain, or the less-safe key file and why). */
  vaultMode: string;
  /** Restart with the last-known board in the local store: spawn of the host → door names on the page. */
  coldStartLastKnownMs: number;
  /** The same launch: spawn → every board item has a status and none is stale (board.get, connected). */
  coldStartLiveMs: number;
  /** Spawn → the host printed its address, on the last launch: the process's own start inside each cold start. */
  hostUpMs: number;
  /** Restart with the local store removed: spawn → door names on the page. */
  coldStartServerShownMs: number;
  /** The same launch: spawn → every item live, from the server only. */
  coldStartServerMs: number;
  /** Board items that still had no status when a launch was taken as live (server 8.20: its macros after a restart). */
  withoutStatus: number;
  /** Which checkout's host ran: "this checkout", or the folder of BENCH_DESK_AGAINST. */
  checkout: string;
  /** On-screen probes: the tile (or pin) showed "Forced". */
  probes: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  /** Probes whose tile never showed "Forced" within 10 s: missed changes. */
  missed: number;
  /** Off-screen probes: the strip named the door as forced (0 when none were taken). */
  offScreenProbes: number;
  offScreenP50Ms: number | null;
  offScreenP99Ms: number | null;
  offScreenMaxMs: number | null;
  offScreenMissed: number;
  backgroundSent: number;
  backgroundFailed: number;
  /** Background changes not sent because 64 were already waiting on the control API (the host was saturated). */
  backgroundSkipped: number;
  /** The browser host: the desk alone (the simulator runs in its own process). */
  hostRssMb: number | null;
  simulatorRssMb: number | null;
  rendererHeapMb: number | null;
  /** Percent of the measuring time the page's main thread ran tasks (Performance.getMetrics' TaskDuration). */
  pageMainThreadPct: number;
  idleRequestsPerMinute: number;
  /**
   * Long-polls the desk holds open at rest, by kind (the simulator's count: deterministic, unlike a
   * rate over seconds), and what they cost a minute at the server's waits (host-process.ts).
   */
  heldSubscriptionPolls: number;
  heldItemPolls: number;
  heldAlarmEventPolls: number;
  idleLongPollsPerMinute: number;
  /**
   * Percent of one core each party used while probes ran (cpu-share.ts): the desk, the simulator,
   * Chromium, the bench, everything else on the machine, and the machine in all. Null without /proc.
   */
  cpuHostPct: number | null;
  cpuSimulatorPct: number | null;
  cpuChromiumPct: number | null;
  cpuBenchPct: number | null;
  cpuOtherPct: number | null;
  cpuMachinePct: number | null;
  /** The machine's one-minute load average when the run started and ended (2 cores shared with other work). */
  loadStart: number;
  loadEnd: number;
  /** Soak: per window, memory and latency. */
  samples?: { atSeconds: number; hostRssMb: number | null; hostHeapAfterGcMb: number | null; simulatorRssMb: number | null; rendererHeapMb: number | null; latencyP50Ms: number | null; latencyP99Ms: number | null; probes: number; missed: number }[];
}

/** Each of the main thread's durations over a window, as a percent of the window (one decimal). */
function busyShare(before: MainThreadTime, after: MainThreadTime, windowMs: number): MainThreadTime {
  const pct = (key: keyof MainThreadTime) => Math.round(((after[key] - before[key]) * 1000 * 1000) / windowMs) / 10;
  return { task: pct('task'), layout: pct('layout'), style: pct('style'), script: pct('script') };
}

export const DOOR_NAME = /Building \d+ L\d+ Door \d+/;
const PROBE_TIMEOUT_MS = 10_000;
/** How many doors each path probes in turn. */
const PROBES_PER_PATH = 24;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One desk run: the simulator in its own process with a generated site, the browser host configured
 * for it through its own Settings calls, then restarted twice and timed (from its last-known board,
 * then with that board removed, from the server only); on the last launch, Debian's Chromium on the
 * desk's page, background changes through the simulator's control API, and probe doors forced one
 * at a time, timed from the control-API call to the MutationObserver that sees "Forced": doors on
 * screen (their tiles) and, in turn with them, doors off screen (the strip entry naming them).
 */
export async function runDesk(settings: DeskSettings, log: (line: string) => void): Promise<DeskFigures> {
  const site = generateSite({ items: settings.items });
  const doorIdByName = new Map((site.doors ?? []).map((d) => [String(d.name), String(d.id)]));
  const expected = boardItemCount(site);
  const loadStart = load();
  const configured = await configureDesk(settings.items, expected, settings.demoVersion, log, undefined, settings.checkout);
  const controlUrl = configured.sim.controlUrl;
  let browser: MeasuringBrowser | undefined;
  let running: Launch | undefined;
  try {
    browser = await launchMeasuringBrowser(CHROMIUM, settings.unwatched ?? false);
    const openPage = browser.openPage;
    const fromLastKnown = await launch(configured, openPage, expected, DOOR_NAME, settings.checkout);
    log(`  cold start from the last-known board: host up in ${upMs(fromLastKnown)} ms, shown in ${fromLastKnown.shownMs} ms, live in ${fromLastKnown.liveMs} ms${noStatus(fromLastKnown)}`);
    await fromLastKnown.close();
    forgetLastKnown(configured.dataDir);
    running = await launch(configured, openPage, expected, DOOR_NAME, settings.checkout);
    const { page, desk, host } = running;
    log(`  cold start from the server only: host up in ${upMs(running)} ms, shown in ${running.shownMs} ms, live in ${running.liveMs} ms${noStatus(running)}`);
    const boardItems = (await readWholeBoard(desk)).items.length;

    let names: string[];
    if (settings.openView) names = await settings.openView(page, desk);
    else {
      await installTileWatch(page, DOOR_NAME);
      names = await doorNamesOnScreen(page, DOOR_NAME, PROBES_PER_PATH);
    }
    // The page is the desk's only client while measuring: a second socket would double every event the host sends.
    desk.close();
    const onScreen = names.filter((name) => doorIdByName.has(name)).map((name): Probe => ({ name, where: settings.probePlace ?? 'tile', path: 'onScreen' }));
    if (onScreen.length === 0) throw new Error(`no door is on screen in the ${settings.viewName ?? 'board'} view to probe`);
    const offScreen = settings.offScreen
      ? (await doorNamesOffScreen(page, DOOR_NAME, [...doorIdByName.keys()], PROBES_PER_PATH, seeded(13))).map((name): Probe => ({ name, where: 'strip', path: 'offScreen' }))
      : [];
    if (settings.offScreen && offScreen.length === 0) throw new Error('every door of the site is on screen: none to probe off screen');
    const probes = inTurn(onScreen, offScreen);
    const measured = await browser.measure(page);
    const { reader, heapMb, mainThread } = measured;

    const ids = {
      doors: (site.doors ?? []).map((d) => String(d.id)).filter((id) => !probes.some((p) => doorIdByName.get(p.name) === id)),
      inputs: (site.inputs ?? []).map((i) => String(i.id)),
      zones: (site.accessZones ?? []).map((z) => String(z.id)),
    };
    // The soak reads the host's heap after a full collection too: its RSS swings with garbage not yet collected.
    const hostHeap = settings.sampleEverySeconds ? await openHostHeap(host.pid) : undefined;
    const background = new BackgroundChanges(controlUrl, ids, seeded(7));
    background.start(settings.changesPerSecond);
    // The desk's own start is over before probes begin (at 10,000 items it starts 832 zone long-polls
    // after the board is live); the cold-start figures measure the start.
    await new Promise((resolve) => setTimeout(resolve, (settings.settleSeconds ?? 0) * 1000));
    const tally = new ProbeTally();
    const samples: NonNullable<DeskFigures['samples']> = [];
    let windowStart = { at: Date.now(), latencies: 0, missed: 0 };
    const startedAt = Date.now();
    const cpuBefore = readCpu();
    const pageBefore = await mainThread();
    const pace = new ProbePace(settings.probeEveryMs);
    for (let i = 0; Date.now() - startedAt < settings.measureSeconds * 1000; i++) {
      await pace.due();
      const { name, where, path } = probes[i % probes.length]!;
      if (await showsForced(reader, name, where)) await cleared(reader, name, where, PROBE_TIMEOUT_MS);
      await arm(reader, name, where, PROBE_TIMEOUT_MS);
      const changedAt = Date.now();
      await patchDoor(controlUrl, doorIdByName.get(name)!, { open: true, forced: true });
      const shown = await shownAt(reader, name);
      tally.record(path, shown === null ? null : shown - changedAt);
      await patchDoor(controlUrl, doorIdByName.get(name)!, { open: false, forced: false });
      if (settings.sampleEverySeconds && Date.now() - windowStart.at >= settings.sampleEverySeconds * 1000) {
        const latencies = tally.latencies('onScreen');
        const missed = tally.missed('onScreen');
        const window = latencies.slice(windowStart.latencies);
        samples.push({
          atSeconds: Math.round((Date.now() - startedAt) / 1000),
          hostRssMb: rssMbOf(host.pid),
          hostHeapAfterGcMb: (await hostHeap?.afterCollection()) ?? null,
          simulatorRssMb: rssMbOf(configured.sim.process.pid),
          rendererHeapMb: await heapMb(),
          latencyP50Ms: round(quantile(window, 0.5)),
          latencyP99Ms: round(quantile(window, 0.99)),
          probes: window.length,
          missed: missed - windowStart.missed,
        });
        log(`  ${samples.at(-1)!.atSeconds} s: RSS ${samples.at(-1)!.hostRssMb} MB, heap ${samples.at(-1)!.rendererHeapMb} MB, p50 ${samples.at(-1)!.latencyP50Ms} ms`);
        windowStart = { at: Date.now(), latencies: latencies.length, missed };
      }
    }
    const cpu = cpuShare(cpuBefore, readCpu(), { host: host.pid, simulator: configured.sim.process.pid!, bench: process.pid });
    const mainBusy = busyShare(pageBefore, await mainThread(), Date.now() - startedAt);
    log(`  the page's main thread while measuring (% of the time): busy ${mainBusy.task}, layout ${mainBusy.layout}, style ${mainBusy.style}, script ${mainBusy.script}`);
    if (cpu) log(`  CPU while measuring (% of one core, ${cpu.cores} cores): desk ${cpu.hostPct}, simulator ${cpu.simulatorPct}, Chromium ${cpu.chromiumPct}, bench ${cpu.benchPct}, other ${cpu.otherPct}, machine ${cpu.machinePct}`);
    await background.stop();
    hostHeap?.close();
    // Counted once the run is over, not straight after start-up: the first minute's first polls and
    // spread renewals are start-up, not what a quiet site costs.
    const idle = await idleRequestRate(controlUrl, settings.idleSeconds);
    const held = await heldPolls(controlUrl);
    log(`  idle: ${idle} requests/min; held: ${held.subscriptions} subscription, ${held.items} item, ${held.alarms} alarm and ${held.events} event polls (${longPollsPerMinute(held)} long-polls/min at the server's waits)`);
    const shownOn = tally.figures('onScreen');
    const shownOff = tally.figures('offScreen');
    log(`  on screen: ${shownOn.probes} probes, p50 ${shownOn.p50Ms} ms, p99 ${shownOn.p99Ms} ms, ${shownOn.missed} missed`);
    if (offScreen.length > 0) log(`  off screen (the strip): ${shownOff.probes} probes, p50 ${shownOff.p50Ms} ms, p99 ${shownOff.p99Ms} ms, ${shownOff.missed} missed`);
    // What was measured, as the operator saw it at the end of the run.
    mkdirSync('test-results', { recursive: true });
    const picture = `test-results/bench-desk-${settings.viewName ?? 'board'}-${settings.items}${settings.checkout ? `-${basename(settings.checkout)}` : ''}.png`;
    await measured.screenshot(picture);
    log(`  screenshot: ${picture}`);
    return {
      view: settings.viewName ?? 'board',
      items: settings.items,
      boardItems,
      hostEntry: host.entry,
      vaultMode: configured.vaultMode,
      coldStartLastKnownMs: fromLastKnown.shownMs,
      coldStartLiveMs: fromLastKnown.liveMs,
      hostUpMs: upMs(running),
      coldStartServerShownMs: running.shownMs,
      coldStartServerMs: running.liveMs,
      withoutStatus: Math.max(fromLastKnown.withoutStatus, running.withoutStatus),
      checkout: settings.checkout ?? 'this checkout',
      probes: shownOn.probes,
      latencyP50Ms: shownOn.p50Ms,
      latencyP99Ms: shownOn.p99Ms,
      latencyMaxMs: shownOn.maxMs,
      missed: shownOn.missed,
      offScreenProbes: shownOff.probes,
      offScreenP50Ms: shownOff.p50Ms,
      offScreenP99Ms: shownOff.p99Ms,
      offScreenMaxMs: shownOff.maxMs,
      offScreenMissed: shownOff.missed,
      backgroundSent: background.sent,
      backgroundFailed: background.failed,
      backgroundSkipped: background.skipped,
      hostRssMb: rssMbOf(host.pid),
      simulatorRssMb: rssMbOf(configured.sim.process.pid),
      rendererHeapMb: await heapMb(),
      pageMainThreadPct: mainBusy.task,
      idleRequestsPerMinute: idle,
      heldSubscriptionPolls: held.subscriptions,
      heldItemPolls: held.items,
      heldAlarmEventPolls: held.alarms + held.events,
      idleLongPollsPerMinute: longPollsPerMinute(held),
      cpuHostPct: cpu?.hostPct ?? null,
      cpuSimulatorPct: cpu?.simulatorPct ?? null,
      cpuChromiumPct: cpu?.chromiumPct ?? null,
      cpuBenchPct: cpu?.benchPct ?? null,
      cpuOtherPct: cpu?.otherPct ?? null,
      cpuMachinePct: cpu?.machinePct ?? null,
      loadStart,
      loadEnd: load(),
      ...(settings.sampleEverySeconds ? { samples } : {}),
    };
  } finally {
    await running?.close();
    await browser?.close();
    await configured.stop();
  }
}

/** How many board items the generated site gives for the kinds the board shows today. */
export function boardItemCount(site: ReturnType<typeof generateSite>): number {
  const byKind: Record<string, unknown[] | undefined> = {
    door: site.doors, accessZone: site.accessZones, alarmZone: site.alarmZones, fenceZone: site.fenceZones,
    input: site.inputs, interlockGroup: site.interlockGroups, macro: site.macros, output: site.outputs,
  };
  return BOARD_KINDS.reduce((sum, kind) => sum + (byKind[kind]?.length ?? 0), 0);
}

/** Requests per minute the desk makes of the server while nothing changes. */
async function idleRequestRate(controlUrl: string, seconds: number): Promise<number> {
  const before = await restRequests(controlUrl);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await restRequests(controlUrl);
  return Math.round(((after - before) / seconds) * 60 * 10) / 10;
}

async function patchDoor(controlUrl: string, id: string, patch: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${controlUrl}/items/doors/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (res.status !== 204) throw new Error(`control PATCH door ${id}: ${res.status}`);
}

/** Spawn → the host printed its address (Node and tsx started, the desk composed): part of every cold start. */
const upMs = (l: Launch) => l.host.printedAt - l.host.spawnedAt;
const noStatus = (l: Launch) => (l.withoutStatus ? ` (${l.withoutStatus} items still without a status after 30 s: taken as live without them)` : '');

/** The machine's one-minute load average, to one decimal. */
export const load = () => Math.round(loadavg()[0]! * 10) / 10;
