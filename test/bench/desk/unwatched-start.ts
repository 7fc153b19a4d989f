import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOARD_LIVE_MARK, BOARD_SHOWN_MARK } from '../../../renderer/src/board/lib/timing-marks';
import { openDeskSocket } from '../../e2e/support/desk-socket';
import { untilLive } from './board-readiness';
import { cpuShare, readCpu, type CpuReading } from './cpu-share';
import { ROOT, rssPeakMbOf, startHostProcess } from './host-process';
import type { UnwatchedChromium } from './unwatched-chromium';

/**
 * One cold start as a desk gets it: the built host spawned on a settings folder, Debian's Chromium on
 * its page with no DevTools client watching it load, and nothing else reading the desk. Playwright on
 * the page copies every socket frame to itself (1.1–1.6 s of a start at 10,000 items), and a second
 * desk socket would make the host send every event twice; so the page's own User Timing marks say when
 * the board was shown and when it was live, read once they are set (timing-marks.ts).
 */
export interface UnwatchedStart {
  /** Spawn → the host printed its address (it serves the page). */
  upMs: number;
  domContentLoadedMs: number;
  /** Spawn → the first whole board's tiles in the page. */
  shownMs: number;
  /** Spawn → the server's board live on the page; absent when the server was not answering. */
  liveMs?: number;
  /** How live was read: the page's mark, or a desk socket of its own for a checkout whose page sets none. */
  liveBy?: 'page mark' | 'desk socket';
  /** The host's resident peak from its spawn to a settle after live (VmHWM, MB): the start's high-water mark. */
  peakMb?: number;
  /** From the spawn to the board shown: the machine's busy share of all its cores, and CPU seconds by process. */
  cpu?: { machinePct: number; hostSeconds: number; chromiumSeconds: number; simulatorSeconds: number };
}

export interface UnwatchedStartOptions {
  /** Another checkout's built host (and page); this checkout's when absent. */
  checkout?: string | undefined;
  simulatorPid: number;
  /** The server answers: wait for the board live too. */
  live: boolean;
  /** Board items the live board has (a checkout without the live mark is read over a socket, which needs it). */
  expected: number;
  /** After live, time for the catalogue's writes before the host is stopped. */
  settleMs: number;
  limitMs?: number;
}

/** The marks as epoch ms (performance.timeOrigin + startTime), whichever are set so far. */
const readMarks = `(() => {
  const at = (name) => { const mark = performance.getEntriesByName(name)[0]; return mark ? performance.timeOrigin + mark.startTime : null; };
  const navigation = performance.getEntriesByType('navigation')[0];
  return { shownAt: at(${JSON.stringify(BOARD_SHOWN_MARK)}), liveAt: at(${JSON.stringify(BOARD_LIVE_MARK)}), domContentLoadedAt: navigation && navigation.domContentLoadedEventEnd > 0 ? performance.timeOrigin + navigation.domContentLoadedEventEnd : null };
})()`;

interface Marks {
  shownAt: number | null;
  liveAt: number | null;
  domContentLoadedAt: number | null;
}

/** Whether a checkout's built page sets the live mark (a checkout from before it sets only the shown one). */
export function setsLiveMark(checkout: string | undefined): boolean {
  const assets = join(checkout ?? ROOT, 'out/renderer/assets');
  return readdirSync(assets).some((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(BOARD_LIVE_MARK));
}

export async function startUnwatched(dataDir: string, chromium: UnwatchedChromium, options: UnwatchedStartOptions): Promise<UnwatchedStart> {
  const limitMs = options.limitMs ?? 120_000;
  const byMark = options.live && setsLiveMark(options.checkout);
  const cpuBefore = readCpu();
  const host = await startHostProcess(dataDir, [], options.checkout);
  const sampled = sampleCpu();
  try {
    const bySocket = options.live && !byMark ? liveOverSocket(host.url, host.spawnedAt, options.expected, limitMs) : undefined;
    const page = await chromium.open(host.url);
    try {
      const marks = await marksSet(page.evaluate.bind(page), byMark, limitMs, options.checkout);
      sampled.stop();
      const cpu = cpuToShown(cpuBefore, sampled.readings, marks.shownAt, { host: host.pid, simulator: options.simulatorPid });
      const liveMs = byMark ? Math.round(marks.liveAt! - host.spawnedAt) : await bySocket;
      await new Promise((done) => setTimeout(done, options.settleMs));
      const peakMb = rssPeakMbOf(host.pid) ?? undefined;
      return {
        upMs: host.printedAt - host.spawnedAt,
        domContentLoadedMs: Math.round(marks.domContentLoadedAt - host.spawnedAt),
        shownMs: Math.round(marks.shownAt - host.spawnedAt),
        ...(liveMs === undefined ? {} : { liveMs, liveBy: byMark ? 'page mark' : 'desk socket' }),
        ...(peakMb === undefined ? {} : { peakMb }),
        ...(cpu ? { cpu } : {}),
      };
    } finally {
      await page.close();
    }
  } finally {
    sampled.stop();
    await host.stop();
  }
}

/** Polls the page's marks (a Runtime call, nothing copied) until shown, and live when asked for. */
async function marksSet(
  evaluate: <T>(expression: string) => Promise<T>,
  live: boolean,
  limitMs: number,
  checkout: string | undefined,
): Promise<{ shownAt: number; liveAt: number | null; domContentLoadedAt: number }> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const marks = await evaluate<Marks>(readMarks).catch(() => undefined);
    if (marks?.shownAt && marks.domContentLoadedAt && (!live || marks.liveAt)) return { shownAt: marks.shownAt, liveAt: marks.liveAt, domContentLoadedAt: marks.domContentLoadedAt };
    if (Date.now() > deadline) {
      const missing = !marks?.shownAt ? BOARD_SHOWN_MARK : BOARD_LIVE_MARK;
      const onPage = await evaluate<string>('document.body ? document.body.innerText.slice(0, 400) : "(no body)"').catch((e: unknown) => `(unreadable: ${String(e)})`);
      throw new Error(`the page of ${checkout ?? 'this checkout'} set no ${missing} mark in ${limitMs / 1000} s (a checkout from before the mark cannot be read unwatched); the page said: ${onPage.replace(/\s+/g, ' ')}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Spawn → the board live, asked over a desk socket of its own: for a checkout whose page sets no live mark. */
async function liveOverSocket(hostUrl: string, spawnedAt: number, expected: number, limitMs: number): Promise<number> {
  const desk = await openDeskSocket(hostUrl);
  try {
    return (await untilLive(desk, expected, limitMs)).at - spawnedAt;
  } finally {
    desk.close();
  }
}

/** Readings every 50 ms while a launch loads, so the one at the moment the board was shown can be picked afterwards. */
function sampleCpu(): { readings: CpuReading[]; stop: () => void } {
  const readings: CpuReading[] = [];
  const timer = setInterval(() => {
    const reading = readCpu();
    if (reading) readings.push(reading);
  }, 50);
  return { readings, stop: () => clearInterval(timer) };
}

function cpuToShown(before: CpuReading | undefined, readings: CpuReading[], shownAt: number, pids: { host: number; simulator: number }): UnwatchedStart['cpu'] {
  const atShown = readings.filter((r) => r.at <= shownAt).at(-1);
  const share = cpuShare(before, atShown, { ...pids, bench: process.pid });
  if (!share || !before || !atShown) return undefined;
  const seconds = (pct: number) => (pct / 100) * ((atShown.at - before.at) / 1000);
  return {
    machinePct: Math.round(share.machinePct / share.cores),
    hostSeconds: seconds(share.hostPct),
    chromiumSeconds: seconds(share.chromiumPct),
    simulatorSeconds: seconds(share.simulatorPct),
  };
}
