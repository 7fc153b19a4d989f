import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { loadavg } from 'node:os';
import type { DeskFigures, DeskSettings } from './desk-figures';
import { launchMeasuringBrowser, type MainThreadTime, type MeasuringBrowser } from './measuring-browser';
import { BOARD_KINDS } from '../../../electron/core/board/catalogue';
import { generateSite } from '../../../electron/simulator/site/generate';
import { readWholeBoard } from '../../e2e/support/desk-socket';
import { quantile, seeded } from '../stats';
import { BackgroundChanges } from './background-changes';
import { configureDesk, forgetLastKnown, launch, type ConfiguredDesk, type Launch } from './configured-host';
import { launchUnwatchedChromium } from './unwatched-chromium';
import { startUnwatched, type UnwatchedStart } from './unwatched-start';
import { cpuShare, readCpu } from './cpu-share';
import { openHostHeap } from './host-heap';
import { grantRestEvents, unprocessedAlarms } from '../alarms/alarm-control';
import { OtherWorkstation } from '../alarms/other-workstation';
import { heldPolls, longPollsPerMinute, restRequests, rssMbOf } from './host-process';
import { RssSampler } from './rss-sampler';
import { timeViewAnswers } from './view-answers';
import { ProbePace } from './probe-pace';
import { inTurn, ProbeTally, round, type Probe } from './probes';
import { arm, cleared, doorNamesOffScreen, doorNamesOnScreen, installTileWatch, shownAt, showsForced } from './tile-watch';

export type { DeskFigures, DeskSettings } from './desk-figures';

/** Each of the main thread's durations over a window, as a percent of the window (one decimal). */
function busyShare(before: MainThreadTime, after: MainThreadTime, windowMs: number): MainThreadTime {
  const pct = (key: keyof MainThreadTime) => Math.round(((after[key] - before[key]) * 1000 * 1000) / windowMs) / 10;
  return { task: pct('task'), layout: pct('layout'), style: pct('style'), script: pct('script') };
}

export const DOOR_NAME = /Building \d+ L\d+ Door \d+/;
const PROBE_TIMEOUT_MS = 10_000;
/** After a cold start is live, time for the first board's copy in the local store (2 s after it is shown) before the host stops. */
const COLD_SETTLE_MS = 3_000;
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
  const restEvents = settings.restEvents ? (sim: { controlUrl: string }) => grantRestEvents(sim.controlUrl) : undefined;
  const configured = await configureDesk(settings.items, expected, settings.demoVersion, log, restEvents, settings.checkout);
  const controlUrl = configured.sim.controlUrl;
  let browser: MeasuringBrowser | undefined;
  let running: Launch | undefined;
  let rss: RssSampler | undefined;
  try {
    // The cold starts as a desk gets them (desk/unwatched-start.ts): no DevTools client, no second socket.
    const cold = await coldStarts(configured, expected, settings.checkout);
    log(`  cold start from the last-known board: host up in ${cold.fromLastKnown.upMs} ms, shown in ${cold.fromLastKnown.shownMs} ms, live in ${cold.fromLastKnown.liveMs} ms (${cold.fromLastKnown.liveBy}), host peak ${cold.fromLastKnown.peakMb} MB`);
    log(`  cold start from the server only: host up in ${cold.fromServer.upMs} ms, shown in ${cold.fromServer.shownMs} ms, live in ${cold.fromServer.liveMs} ms (${cold.fromServer.liveBy}), host peak ${cold.fromServer.peakMb} MB`);
    browser = await launchMeasuringBrowser(CHROMIUM, settings.unwatched ?? false);
    running = await launch(configured, browser.openPage, expected, DOOR_NAME, settings.checkout);
    const { page, desk, host } = running;
    // Every 5 s from here to the end; its peak is the kernel's high-water mark since the spawn (the start included).
    rss = new RssSampler(host.pid, (settings.rssEverySeconds ?? 5) * 1000);
    log(`  the measured launch (Playwright on the page): host up in ${upMs(running)} ms, shown in ${running.shownMs} ms, live in ${running.liveMs} ms${noStatus(running)}`);
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
    const elsewhere = settings.restEvents && settings.alarmsProcessedElsewhere ? new OtherWorkstation(configured.sim) : undefined;
    elsewhere?.start();
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
          // A full collection only at the first and the last sample (BENCH_SOAK_GC_EVERY_SAMPLE=1: every one):
          // forced every minute, it would also cut the peak the run is judged by.
          hostHeapAfterGcMb: samples.length === 0 || settings.heapEverySample || Date.now() - startedAt + settings.sampleEverySeconds * 1000 >= settings.measureSeconds * 1000 ? ((await hostHeap?.afterCollection()) ?? null) : null,
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
    // With the background changes still coming, as a guard filters a busy site.
    const views = settings.viewAnswers && !settings.openView ? await timeViewAnswers(reader, log) : undefined;
    log(`  the page's main thread while measuring (% of the time): busy ${mainBusy.task}, layout ${mainBusy.layout}, style ${mainBusy.style}, script ${mainBusy.script}`);
    if (cpu) log(`  CPU while measuring (% of one core, ${cpu.cores} cores): desk ${cpu.hostPct}, simulator ${cpu.simulatorPct}, Chromium ${cpu.chromiumPct}, bench ${cpu.benchPct}, other ${cpu.otherPct}, machine ${cpu.machinePct}`);
    await background.stop();
    await elsewhere?.stop();
    if (elsewhere) log(`  alarms processed at another workstation: ${elsewhere.processed} (${elsewhere.failed} refused); unprocessed on the server at the end: ${await unprocessedAlarms(controlUrl)}`);
    hostHeap?.close();
    // Counted once the run is over, not straight after start-up: the first minute's first polls and
    // spread renewals are start-up, not what a quiet site costs.
    const idle = await idleRequestRate(controlUrl, settings.idleSeconds);
    const held = await heldPolls(controlUrl);
    rss.stop();
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
      coldStartLastKnownMs: cold.fromLastKnown.shownMs,
      coldStartLiveMs: cold.fromLastKnown.liveMs ?? null,
      hostUpMs: cold.fromServer.upMs,
      coldStartServerShownMs: cold.fromServer.shownMs,
      coldStartServerMs: cold.fromServer.liveMs ?? null,
      withoutStatus: running.withoutStatus,
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
      hostRssPeakMb: rss.peakMb,
      hostRssSampledPeakMb: rss.sampledPeakMb,
      hostRssGrowthMb: rss.growthMb,
      ...(settings.sampleEverySeconds ? { rssSamples: rss.samples } : {}),
      viewAnswers: views?.answers ?? 0,
      viewAnswerP50Ms: views?.p50Ms ?? null,
      viewAnswerP99Ms: views?.p99Ms ?? null,
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
    rss?.stop();
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

/**
 * The run's two cold starts, unwatched: from the last-known board the configured desk kept (after one
 * launch not counted), then with the local store removed (the server alone). The measured launch after them starts from the store the
 * second one kept.
 */
async function coldStarts(configured: ConfiguredDesk, expected: number, checkout: string | undefined): Promise<{ fromLastKnown: UnwatchedStart; fromServer: UnwatchedStart }> {
  const chromium = await launchUnwatchedChromium(CHROMIUM);
  try {
    const options = { checkout, simulatorPid: configured.sim.process.pid!, live: true, expected, settleMs: COLD_SETTLE_MS };
    // The first launch after the desk was configured is slower whichever checkout it is (the settings
    // folder and the simulator still settling), as bench:cold found: one launch first, not counted.
    await startUnwatched(configured.dataDir, chromium, options);
    const fromLastKnown = await startUnwatched(configured.dataDir, chromium, options);
    forgetLastKnown(configured.dataDir);
    const fromServer = await startUnwatched(configured.dataDir, chromium, options);
    return { fromLastKnown, fromServer };
  } finally {
    await chromium.close();
  }
}

/** Spawn → the host printed its address (Node and tsx started, the desk composed): part of every cold start. */
const upMs = (l: Launch) => l.host.printedAt - l.host.spawnedAt;
const noStatus = (l: Launch) => (l.withoutStatus ? ` (${l.withoutStatus} items still without a status after 30 s: taken as live without them)` : '');

/** The machine's one-minute load average, to one decimal. */
export const load = () => Math.round(loadavg()[0]! * 10) / 10;
