import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { generateSite } from '../../electron/simulator/site/generate';
import { untilLive, untilShown } from './desk/board-readiness';
import { openDeskSocket } from '../e2e/support/desk-socket';
import { configureDesk, forgetLastKnown, type ConfiguredDesk } from './desk/configured-host';
import { boardItemCount, CHROMIUM, DOOR_NAME, load } from './desk/desk-run';
import { launchBenchChromium } from './desk/measuring-browser';
import { launchUnwatchedChromium, type UnwatchedChromium } from './desk/unwatched-chromium';
import { startUnwatched, type UnwatchedStart } from './desk/unwatched-start';
import { ensureBuilt } from './desk/desk-build';
import { ROOT, startHostProcess, startMarks, rssPeakMbOf } from './desk/host-process';
import { median } from './stats';

/**
 * `npm run bench:cold`: the cold start from the last-known board, side by side. One desk is configured
 * for a generated site (as the desk bench does), then the built host of this checkout and of each
 * checkout in BENCH_COLD_AGAINST (comma-separated folders, each with `npm ci && npm run build` done)
 * are started in turn, each on its own copy of its settings folder whose last-known board that checkout
 * wrote itself in a first, uncounted launch, in alternating order, each with Debian's Chromium on
 * the page and nothing else reading the desk. Timed from the spawn: the host printed its address
 * ("up"), DOMContentLoaded, and a door's name on the page ("shown"). Medians of BENCH_RUNS rounds at
 * BENCH_SIZES items (default 10,000); BENCH_COLD_NO_SERVER=1 keeps the server from answering
 * (the simulator stopped with SIGSTOP), as at a guard desk whose network is down.
 * BENCH_COLD_UNWATCHED=1 opens the page with no DevTools client on it while it loads and reads the
 * page's own marks afterwards (DOMContentLoaded, and the board shown: BOARD_SHOWN_MARK), as a desk
 * runs; every checkout compared must then set that mark. It also says how busy the machine was from
 * the spawn until the board was shown, and the CPU seconds the host and Chromium spent in that time:
 * on 2 cores, work that does not fit beside the rest waits.
 * BENCH_COLD_FROM_SERVER=1 times the start from the server alone instead: each counted launch finds no
 * local store (removed before it). Every start with the server answering is also timed until its board
 * is live (every item with a status, none stale, asked over a desk socket of its own as the desk bench
 * does), and each launch's own start trace is printed from its log (start-trace.ts). BENCH_COLD_SERVER_NICE=19
 * runs the simulator at that niceness once configured: it shares this machine's cores, where a site's
 * server has its own, and the CPU columns say what it took meanwhile.
 * BENCH_COLD_PAGE_PROFILE=<dir> (watched only) writes each launch's page CPU profile from before it loads
 * until live there, for DevTools or any .cpuprofile reader: where the page's part of a start goes.
 */
const items = Number((process.env.BENCH_SIZES ?? '10000').split(',')[0]);
const rounds = Number(process.env.BENCH_RUNS ?? '3');
const noServer = process.env.BENCH_COLD_NO_SERVER === '1';
const unwatched = process.env.BENCH_COLD_UNWATCHED === '1';
const fromServer = process.env.BENCH_COLD_FROM_SERVER === '1';
/** A niceness for the simulator (0–19): its work then yields to the desk's, as a server on its own machine takes none of the desk's cores. */
const serverNice = Number(process.env.BENCH_COLD_SERVER_NICE ?? '0');
const pageProfileDir = process.env.BENCH_COLD_PAGE_PROFILE;
if (pageProfileDir && unwatched) throw new Error('BENCH_COLD_PAGE_PROFILE profiles through DevTools: leave BENCH_COLD_UNWATCHED unset');
let pageProfiles = 0;
if (fromServer && noServer) throw new Error('BENCH_COLD_FROM_SERVER=1 needs the server answering: leave BENCH_COLD_NO_SERVER unset');
const checkouts = [{ label: 'this checkout', dir: undefined }, ...(process.env.BENCH_COLD_AGAINST ?? '').split(',').filter(Boolean).map((dir) => ({ label: dir, dir: resolve(dir) }))];
/** After each launch, time for the catalogue reload and the writes behind it before the next one starts. */
const SETTLE_MS = 8_000;

interface Launched {
  upMs: number;
  domContentLoadedMs: number;
  shownMs: number;
  /** Spawn → every item live (BENCH_COLD_FROM_SERVER only). */
  liveMs?: number;
  /** The host's resident peak from its spawn to a settle after live (VmHWM, MB): a start's own high-water mark. */
  peakMb?: number;
  /** From the spawn to the board shown (unwatched only): the machine's busy share of all its cores, and CPU seconds. */
  cpu?: UnwatchedStart['cpu'];
  /** How live was read (unwatched only): the page's mark, or a desk socket for a checkout whose page sets none. */
  liveBy?: UnwatchedStart['liveBy'];
}

/** Spawn → the board live, asked over a desk socket of its own (whenever the server answers). */
async function liveAfterSpawn(hostUrl: string, spawnedAt: number, expected: number): Promise<number> {
  const desk = await openDeskSocket(hostUrl);
  try {
    return (await untilLive(desk, expected, 120_000)).at - spawnedAt;
  } finally {
    desk.close();
  }
}

async function showOnce(dataDir: string, browser: Browser, checkout: string | undefined, expected: number): Promise<Launched> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const host = await startHostProcess(dataDir, [], checkout);
  try {
    const live = noServer ? undefined : liveAfterSpawn(host.url, host.spawnedAt, expected);
    const profiler = pageProfileDir ? await page.context().newCDPSession(page) : undefined;
    await profiler?.send('Profiler.enable');
    await profiler?.send('Profiler.start');
    await page.goto(host.url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    const domContentLoadedMs = Date.now() - host.spawnedAt;
    const shownMs = (await untilShown(page, DOOR_NAME, 120_000)) - host.spawnedAt;
    const liveMs = await live;
    if (profiler && pageProfileDir) {
      const { profile } = await profiler.send('Profiler.stop');
      mkdirSync(pageProfileDir, { recursive: true });
      writeFileSync(resolve(pageProfileDir, `page-${++pageProfiles}.cpuprofile`), JSON.stringify(profile));
    }
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    const peakMb = rssPeakMbOf(host.pid) ?? undefined;
    return { upMs: host.printedAt - host.spawnedAt, domContentLoadedMs, shownMs, ...(liveMs === undefined ? {} : { liveMs }), ...(peakMb === undefined ? {} : { peakMb }) };
  } finally {
    await page.close();
    await host.stop();
  }
}

/** As showOnce, as a desk gets it: the page unwatched, its own marks read once set (desk/unwatched-start.ts). */
function showUnwatched(dataDir: string, configured: ConfiguredDesk, unwatched: UnwatchedChromium, checkout: string | undefined, expected: number): Promise<Launched> {
  return startUnwatched(dataDir, unwatched, { checkout, simulatorPid: configured.sim.process.pid!, live: !noServer, expected, settleMs: SETTLE_MS });
}

/** Linux keeps a niceness per thread: every thread of the process gets it. */
function niceProcess(pid: number, niceness: number): void {
  for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), niceness);
}

function copiedDataDir(dataDir: string, index: number): string {
  const copy = `${dataDir}-checkout-${index}`;
  cpSync(dataDir, copy, { recursive: true });
  forgetLastKnown(copy);
  return copy;
}

async function main(): Promise<void> {
  ensureBuilt(ROOT, checkouts.flatMap(({ dir }) => (dir ? [dir] : [])), (line) => console.error(line));
  const expected = boardItemCount(generateSite({ items }));
  const loadStart = load();
  const configured = await configureDesk(items, expected, undefined, (line) => console.error(line));
  const launches = new Map(checkouts.map((c) => [c.label, [] as Launched[]]));
  let browser: Browser | undefined;
  let unwatchedChromium: UnwatchedChromium | undefined;
  const copies: string[] = [];
  try {
    if (unwatched) unwatchedChromium = await launchUnwatchedChromium(CHROMIUM);
    else browser = await launchBenchChromium(CHROMIUM);
    // Each checkout starts on its own copy of the configured settings folder, with no local store: its
    // warm-up launch writes the last-known board in its own format (a store brought up to date by a
    // newer checkout is one an older checkout refuses to open).
    const dataDirs = new Map(checkouts.map(({ label }, i) => [label, copiedDataDir(configured.dataDir, i)]));
    copies.push(...dataDirs.values());
    const show = ({ label, dir }: (typeof checkouts)[number]) => {
      const dataDir = dataDirs.get(label)!;
      return unwatchedChromium ? showUnwatched(dataDir, configured, unwatchedChromium, dir, expected) : showOnce(dataDir, browser!, dir, expected);
    };
    // The first launch after the desk was configured is slower whichever checkout it is (the settings
    // folder and the simulator are still settling): one launch of each is made first and not counted.
    for (const checkout of checkouts) {
      const warm = await show(checkout);
      console.error(`bench: warm-up from the server, ${checkout.label}: up ${warm.upMs} ms, shown ${warm.shownMs} ms (not counted)`);
    }
    if (noServer) configured.sim.process.kill('SIGSTOP');
    if (serverNice) niceProcess(configured.sim.process.pid!, serverNice);
    for (let round = 0; round < rounds; round++) {
      // Alternating order, so neither side always follows the other's catalogue reload.
      for (const checkout of round % 2 === 0 ? checkouts : [...checkouts].reverse()) {
        if (fromServer) forgetLastKnown(dataDirs.get(checkout.label)!);
        const launched = await show(checkout);
        launches.get(checkout.label)!.push(launched);
        const c = launched.cpu;
        const cpu = c ? `; to then the machine was ${c.machinePct} % busy, host ${c.hostSeconds.toFixed(2)} CPU s, Chromium ${c.chromiumSeconds.toFixed(2)} CPU s, simulator ${c.simulatorSeconds.toFixed(2)} CPU s` : '';
        const live = launched.liveMs === undefined ? '' : `, live ${launched.liveMs} ms${launched.liveBy === 'desk socket' ? ' (over a desk socket: this page sets no live mark)' : ''}`;
        const peak = launched.peakMb === undefined ? '' : `, host peak ${launched.peakMb} MB`;
        console.error(`bench: round ${round + 1}/${rounds}, ${checkout.label}: up ${launched.upMs} ms, DOMContentLoaded ${launched.domContentLoadedMs} ms, shown ${launched.shownMs} ms${live}${peak}${cpu}`);
        // Where the host's part of the start went (ms since its process started; a checkout without the trace logs none).
        const marks = startMarks(dataDirs.get(checkout.label)!);
        if (marks) console.error(`bench:   host's start: ${marks}`);
      }
    }
  } finally {
    await browser?.close();
    await unwatchedChromium?.close();
    if (noServer) configured.sim.process.kill('SIGCONT');
    await configured.stop();
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
  const loadEnd = load();
  const medians = checkouts.map(({ label }) => {
    const runs = launches.get(label)!;
    const of = (key: 'upMs' | 'domContentLoadedMs' | 'shownMs') => median(runs.map((r) => r[key]))!;
    const cpuOf = (key: keyof NonNullable<Launched['cpu']>) => median(runs.flatMap((r) => (r.cpu ? [r.cpu[key]] : [])));
    const cpu = { machinePct: cpuOf('machinePct'), hostSeconds: cpuOf('hostSeconds'), chromiumSeconds: cpuOf('chromiumSeconds'), simulatorSeconds: cpuOf('simulatorSeconds') };
    const liveRunsMs = runs.flatMap((r) => (r.liveMs === undefined ? [] : [r.liveMs]));
    const peakMb = median(runs.flatMap((r) => (r.peakMb === undefined ? [] : [r.peakMb])));
    return { label, peakMb, upMs: of('upMs'), domContentLoadedMs: of('domContentLoadedMs'), shownMs: of('shownMs'), shownRunsMs: runs.map((r) => r.shownMs), liveMs: median(liveRunsMs), liveRunsMs, cpu };
  });
  const base = medians[0]!;
  const from = fromServer ? 'the server alone (no local store)' : `the last-known board, ${noServer ? 'server not answering' : 'server answering'}`;
  console.log(`\nCold start from ${from}, ${expected} board items, ${unwatched ? 'page unwatched (its own marks)' : 'page driven by Playwright'}, median of ${rounds} rounds (load ${loadStart} → ${loadEnd})`);
  const liveColumns = !noServer ? ['live ms', 'live / this checkout', 'live, each round'] : [];
  console.log(['host', 'up ms', 'DOMContentLoaded ms', 'shown ms', 'shown / this checkout', 'shown, each round', ...liveColumns, 'machine busy to shown %', 'host CPU s', 'Chromium CPU s', 'simulator CPU s', 'host peak MB'].join(' | '));
  const fixed = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));
  for (const m of medians) {
    const live = !noServer ? [m.liveMs ?? '—', m.liveMs && base.liveMs ? (m.liveMs / base.liveMs).toFixed(2) : '—', m.liveRunsMs.join(', ')] : [];
    console.log([m.label, m.upMs, m.domContentLoadedMs, m.shownMs, (m.shownMs / base.shownMs).toFixed(2), m.shownRunsMs.join(', '), ...live, m.cpu.machinePct ?? '—', fixed(m.cpu.hostSeconds), fixed(m.cpu.chromiumSeconds), fixed(m.cpu.simulatorSeconds), m.peakMb ?? '—'].join(' | '));
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-cold.json', `${JSON.stringify({ date: new Date().toISOString(), items, boardItems: expected, rounds, noServer, fromServer, serverNice, unwatched, loadStart, loadEnd, medians }, null, 2)}\n`);
  console.log('\nWrote test-results/bench-cold.json');
}

await main();
