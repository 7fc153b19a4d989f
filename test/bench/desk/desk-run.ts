import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { BOARD_KINDS } from '../../../electron/core/board/catalogue';
import { generateSite } from '../../../electron/simulator/site/generate';
import { openDeskSocket, readWholeBoard, type DeskSocket } from '../../e2e/support/desk-socket';
import { quantile, seeded } from '../stats';
import { BackgroundChanges } from './background-changes';
import { restRequests, rssMbOf, startHostProcess, type HostProcess } from './host-process';
import { arm, cleared, doorNamesOnScreen, installTileWatch, shownAt, showsForced } from './tile-watch';

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
  /** The demo server's version (default the simulator's, 9.40); before 8.30 there are no multi-item subscriptions. */
  demoVersion?: string;
}

export interface DeskFigures {
  /** The view measured: "board", or "plan" (a floor plan with its pins). */
  view: string;
  items: number;
  boardItems: number;
  /** Spawn of the host → the board's catalogue complete and tiles on the page. */
  coldStartMs: number;
  probes: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  /** Probes whose tile never showed "Forced" within 10 s: missed changes. */
  missed: number;
  backgroundSent: number;
  backgroundFailed: number;
  /** Background changes not sent because 64 were already waiting on the control API (the host was saturated). */
  backgroundSkipped: number;
  hostRssMb: number | null;
  rendererHeapMb: number | null;
  idleRequestsPerMinute: number;
  /** The machine's one-minute load average when the run started and ended (2 cores shared with other work). */
  loadStart: number;
  loadEnd: number;
  /** Soak: per window, memory and latency. */
  samples?: { atSeconds: number; hostRssMb: number | null; rendererHeapMb: number | null; latencyP50Ms: number | null; latencyP99Ms: number | null; probes: number; missed: number }[];
}

export const DOOR_NAME = /Building \d+ L\d+ Door \d+/;
const PROBE_TIMEOUT_MS = 10_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One desk run: the browser host with a generated demo site in its own process, Debian's Chromium on
 * the desk's page, background changes through the control API, and probe doors on screen forced one
 * at a time, timed from the control-API call to the MutationObserver that sees "Forced" on the tile.
 */
export async function runDesk(settings: DeskSettings, log: (line: string) => void): Promise<DeskFigures> {
  const site = generateSite({ items: settings.items });
  const doorIdByName = new Map((site.doors ?? []).map((d) => [String(d.name), String(d.id)]));
  const loadStart = load();
  const host = await startHostProcess(settings.items, settings.demoVersion);
  let browser: Browser | undefined;
  try {
    const expected = boardItemCount(site);
    const desk = await openDeskSocket(host.url);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'] });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(host.url, { waitUntil: 'domcontentloaded', timeout: 600_000 });
    await waitFor(async () => (await readWholeBoard(desk)).items.length >= expected, 'the full board', 600_000);
    await page.waitForFunction((source) => new RegExp(source).test(document.body.innerText), DOOR_NAME.source, { timeout: 600_000 });
    const coldStartMs = Date.now() - host.spawnedAt;
    const boardItems = (await readWholeBoard(desk)).items.length;
    log(`  board complete: ${boardItems} items in ${coldStartMs} ms`);

    let names: string[];
    if (settings.openView) names = await settings.openView(page, desk);
    else {
      await installTileWatch(page, DOOR_NAME);
      names = await doorNamesOnScreen(page, DOOR_NAME, 24);
    }
    desk.close();
    const probes = names.filter((name) => doorIdByName.has(name));
    if (probes.length === 0) throw new Error(`no door is on screen in the ${settings.viewName ?? 'board'} view to probe`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapMb = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
      return used === undefined ? null : Math.round((used / 1024 / 1024) * 10) / 10;
    };

    const ids = {
      doors: (site.doors ?? []).map((d) => String(d.id)).filter((id) => !probes.some((p) => doorIdByName.get(p) === id)),
      inputs: (site.inputs ?? []).map((i) => String(i.id)),
      zones: (site.accessZones ?? []).map((z) => String(z.id)),
    };
    const background = new BackgroundChanges(host.controlUrl, ids, seeded(7));
    background.start(settings.changesPerSecond);
    const latencies: number[] = [];
    const samples: NonNullable<DeskFigures['samples']> = [];
    let missed = 0;
    let windowStart = { at: Date.now(), latencies: 0, missed: 0 };
    const startedAt = Date.now();
    for (let i = 0; Date.now() - startedAt < settings.measureSeconds * 1000; i++) {
      const name = probes[i % probes.length]!;
      if (await showsForced(page, name)) await cleared(page, name, PROBE_TIMEOUT_MS);
      await arm(page, name, PROBE_TIMEOUT_MS);
      const changedAt = Date.now();
      await patchDoor(host.controlUrl, doorIdByName.get(name)!, { open: true, forced: true });
      const shown = await shownAt(page, name);
      if (shown === null) missed++;
      else latencies.push(shown - changedAt);
      await patchDoor(host.controlUrl, doorIdByName.get(name)!, { open: false, forced: false });
      if (settings.sampleEverySeconds && Date.now() - windowStart.at >= settings.sampleEverySeconds * 1000) {
        const window = latencies.slice(windowStart.latencies);
        samples.push({
          atSeconds: Math.round((Date.now() - startedAt) / 1000),
          hostRssMb: rssMbOf(host.pid),
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
    await background.stop();
    // Counted once the run is over, not straight after start-up: the first minute's first polls and
    // spread renewals are start-up, not what a quiet site costs.
    const idle = await idleRequestRate(host, settings.idleSeconds);
    log(`  idle: ${idle} requests/min`);
    return {
      view: settings.viewName ?? 'board',
      items: settings.items,
      boardItems,
      coldStartMs,
      probes: latencies.length + missed,
      latencyP50Ms: round(quantile(latencies, 0.5)),
      latencyP99Ms: round(quantile(latencies, 0.99)),
      latencyMaxMs: round(latencies.length ? Math.max(...latencies) : undefined),
      missed,
      backgroundSent: background.sent,
      backgroundFailed: background.failed,
      backgroundSkipped: background.skipped,
      hostRssMb: rssMbOf(host.pid),
      rendererHeapMb: await heapMb(),
      idleRequestsPerMinute: idle,
      loadStart,
      loadEnd: load(),
      ...(settings.sampleEverySeconds ? { samples } : {}),
    };
  } finally {
    await browser?.close();
    await host.stop();
  }
}

/** How many board items the generated site gives for the kinds the board shows today. */
function boardItemCount(site: ReturnType<typeof generateSite>): number {
  const byKind: Record<string, unknown[] | undefined> = {
    door: site.doors, accessZone: site.accessZones, alarmZone: site.alarmZones, fenceZone: site.fenceZones,
    input: site.inputs, interlockGroup: site.interlockGroups, macro: site.macros,
  };
  return BOARD_KINDS.reduce((sum, kind) => sum + (byKind[kind]?.length ?? 0), 0);
}

/** Requests per minute the desk makes of the server while nothing changes. */
async function idleRequestRate(host: HostProcess, seconds: number): Promise<number> {
  const before = await restRequests(host.controlUrl);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await restRequests(host.controlUrl);
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

async function waitFor(test: () => Promise<boolean>, what: string, limitMs: number): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!(await test())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what} after ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const load = () => Math.round(loadavg()[0]! * 10) / 10;

function round(value: number | undefined): number | null {
  return value === undefined ? null : Math.round(value * 10) / 10;
}
