import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startHostProcess, rssMbOf } from '../desk/host-process';

export interface RendererProfile {
  items: number;
  /** Board items the page was given (board.get). */
  tilesOnScreen: number;
  /** Renderer JS heap after a forced collection, MB. */
  jsHeapMb: number;
  /** DOM nodes in the document (only on-screen tiles are rendered). */
  domNodes: number;
  /** The browser host (desk main plus the embedded demo site), MB. */
  hostRssMb: number | null;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DOOR_NAME = /Building \d+ L\d+ Door \d+/;

/**
 * The renderer's JS heap with the full board of `items` loaded and quiet: the browser host serves a
 * generated site, Chromium opens the desk, and once a door tile shows, the heap is collected and
 * measured through the DevTools protocol (HeapProfiler.collectGarbage, Performance.getMetrics).
 */
export async function profileRenderer(items: number, settleMs = 5_000): Promise<RendererProfile> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const host = await startHostProcess(dataDir, ['--demo-items', String(items)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(host.url, { waitUntil: 'domcontentloaded', timeout: 600_000 });
    await page.waitForFunction((source) => new RegExp(source).test(document.body.innerText), DOOR_NAME.source, { timeout: 600_000 });
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const tilesOnScreen = await page.evaluate((source) => (document.body.innerText.match(new RegExp(source, 'g')) ?? []).length, DOOR_NAME.source);
    return {
      items,
      tilesOnScreen,
      jsHeapMb: Math.round((metric('JSHeapUsedSize') / 1024 / 1024) * 10) / 10,
      domNodes: metric('Nodes'),
      hostRssMb: rssMbOf(host.pid),
    };
  } finally {
    await browser.close();
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
