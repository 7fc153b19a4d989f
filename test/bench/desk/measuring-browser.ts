import { chromium, type Browser, type Page } from '@playwright/test';
import { launchUnwatchedChromium, type RuntimeSession, type UnwatchedChromium } from './unwatched-chromium';
import { readerOf, type PageReader } from './tile-watch';

/**
 * The Chromium a desk run drives. Watched (the default): Playwright on the page throughout, as every
 * desk-bench figure in docs/performance.md is measured unless it says otherwise. Unwatched
 * (BENCH_DESK_UNWATCHED=1): Playwright sets the page up (loads it, opens the view, installs the
 * watch) and then lets go of it, and the probes are read over a session that uses Runtime alone.
 * Playwright enables the Network domain on every page it drives, and Chromium then copies each
 * WebSocket frame's payload to it: at 100 changes/s, work on the same 2 cores that no desk does.
 */
export interface MeasuringBrowser {
  /** A 1920×1080 page, driven by Playwright until `measure`. */
  openPage(): Promise<Page>;
  /** From here on the page is read through the answer's reader (Playwright lets go of it when unwatched). */
  measure(page: Page): Promise<MeasuredPage>;
  close(): Promise<void>;
}

export interface MeasuredPage {
  reader: PageReader;
  /** The page's JS heap in use, MB. */
  heapMb(): Promise<number | null>;
  /** Seconds the page's main thread has spent so far: in all, and in layout, style and script. */
  mainThread(): Promise<MainThreadTime>;
  /** A picture of the page as measured (Playwright on it again for the moment, when it had let go). */
  screenshot(path: string): Promise<void>;
}

export interface MainThreadTime {
  task: number;
  layout: number;
  style: number;
  script: number;
}

const VIEWPORT = { width: 1920, height: 1080 };
type Metrics = { metrics: { name: string; value: number }[] };
/** JSHeapUsedSize from Performance.getMetrics, in MB. */
function heapUsedMb({ metrics }: Metrics): number | null {
  const bytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
  return bytes === undefined ? null : Math.round((bytes / 1024 / 1024) * 10) / 10;
}
/** The main thread's cumulative durations from Performance.getMetrics (seconds; 0 where Chromium gives none). */
function mainThreadTime({ metrics }: Metrics): MainThreadTime {
  const seconds = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: seconds('TaskDuration'), layout: seconds('LayoutDuration'), style: seconds('RecalcStyleDuration'), script: seconds('ScriptDuration') };
}
/** What a measured page reports from Performance.getMetrics, however the bench reaches the page. */
function pageReadings(getMetrics: () => Promise<Metrics>): Pick<MeasuredPage, 'heapMb' | 'mainThread'> {
  return { heapMb: async () => heapUsedMb(await getMetrics()), mainThread: async () => mainThreadTime(await getMetrics()) };
}

export async function launchMeasuringBrowser(executable: string, unwatched: boolean): Promise<MeasuringBrowser> {
  return unwatched ? unwatchedBrowser(await launchUnwatchedChromium(executable)) : watchedBrowser(executable);
}

/** Debian's Chromium as every desk bench runs it under Playwright (no GPU, nothing in the background). */
export function launchBenchChromium(executable: string): Promise<Browser> {
  return chromium.launch({ executablePath: executable, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'] });
}

/**
 * BENCH_TRACE=<file.json> (watched runs): a Chromium performance trace of each measured page, from
 * `measure` to its screenshot, in <file>-<n>.json; open it in DevTools' Performance panel.
 */
const TRACE = process.env.BENCH_TRACE;
let traced = 0;

async function watchedBrowser(executable: string): Promise<MeasuringBrowser> {
  const browser = await launchBenchChromium(executable);
  return {
    openPage: () => browser.newPage({ viewport: VIEWPORT }),
    measure: async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      if (TRACE) await browser.startTracing(page, { path: TRACE.replace(/(\.json)?$/, `-${++traced}.json`) });
      return {
        reader: readerOf(page),
        ...pageReadings(() => cdp.send('Performance.getMetrics')),
        screenshot: async (path) => {
          if (TRACE) await browser.stopTracing();
          await page.screenshot({ path });
        },
      };
    },
    close: () => browser.close(),
  };
}

async function unwatchedBrowser(unwatched: UnwatchedChromium): Promise<MeasuringBrowser> {
  // Pages go in the default context: the contexts Playwright made itself close when it lets go.
  let browser: Browser | undefined = await chromium.connectOverCDP(unwatched.endpoint);
  const sessions: RuntimeSession[] = [];
  return {
    openPage: async () => {
      if (!browser) throw new Error('the bench let go of Chromium already: one measured page per run');
      const page = await browser.contexts()[0]!.newPage();
      await fitWindow(browser, page);
      return page;
    },
    measure: async (page) => {
      const targetId = await targetIdOf(page);
      const url = page.url();
      await browser!.close();
      browser = undefined;
      const session = await unwatched.runtimeSession(targetId);
      sessions.push(session);
      await session.send('Performance.enable');
      return {
        reader: session,
        ...pageReadings(() => session.send<Metrics>('Performance.getMetrics')),
        screenshot: async (path) => {
          const again = await chromium.connectOverCDP(unwatched.endpoint);
          try {
            const shown = again.contexts()[0]!.pages().find((p) => p.url() === url);
            if (!shown) throw new Error(`the measured page (${url}) is no longer open`);
            await shown.screenshot({ path });
          } finally {
            await again.close();
          }
        },
      };
    },
    close: async () => {
      for (const session of sessions) session.close();
      await browser?.close();
      await unwatched.close();
    },
  };
}

async function targetIdOf(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return ((await cdp.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } }).targetInfo.targetId;
  } finally {
    await cdp.detach();
  }
}

/**
 * Sizes the page's window so that the page itself is 1920×1080, as the watched pages are: a viewport
 * Playwright set would go with its session when it lets go, the window's own size stays.
 */
async function fitWindow(browser: Browser, page: Page): Promise<void> {
  const frame = await page.evaluate(() => ({ width: outerWidth - innerWidth, height: outerHeight - innerHeight }));
  const session = await browser.newBrowserCDPSession();
  try {
    const { windowId } = (await session.send('Browser.getWindowForTarget', { targetId: await targetIdOf(page) })) as { windowId: number };
    await session.send('Browser.setWindowBounds', { windowId, bounds: { width: VIEWPORT.width + frame.width, height: VIEWPORT.height + frame.height } });
  } finally {
    await session.detach();
  }
  const inner = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  if (inner.width !== VIEWPORT.width || inner.height !== VIEWPORT.height) throw new Error(`the page is ${inner.width}×${inner.height}, not ${VIEWPORT.width}×${VIEWPORT.height}, after sizing its window`);
}
