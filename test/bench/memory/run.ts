import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ensureBuilt } from '../desk/desk-build';
import { ROOT } from '../desk/host-process';
import type { MainProfile } from './main-layers';
import type { RendererProfile } from './renderer-heap';

/**
 * `npm run bench:memory`: what each item costs, layer by layer, at each of BENCH_SIZES (default
 * 100,2000,10000 items of every kind). Main: the desk's layers built one after another in this
 * process against the simulator in its own (heap differences after full collections). Renderer: the
 * desk in Chromium through the browser host, JS heap after a collection; bytes per item are the
 * slope between the smallest and each larger size. BENCH_MEMORY_PART=main|renderer runs one part.
 * BENCH_DESK_VERSION pins the simulator's version for the main part (8.20: no subscriptions).
 * Writes test-results/bench-memory.json.
 */
const sizes = (process.env.BENCH_SIZES ?? '100,2000,10000').split(',').map(Number);
const part = process.env.BENCH_MEMORY_PART ?? 'all';
const log = (line: string) => console.error(line);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function main(): Promise<void> {
  // The renderer part serves the built renderer: built now, not after the main part's minutes.
  if (part !== 'main') ensureBuilt(ROOT, [], log);
  const mains: MainProfile[] = [];
  const renderers: RendererProfile[] = [];
  for (const items of sizes) {
    if (part !== 'renderer') {
      log(`bench:memory: main layers at ${items} items (load ${load()})…`);
      // Imported only when used, so the main part's process holds nothing of Playwright.
      const { profileMain } = await import('./main-layers');
      mains.push(await profileMain(items, log, process.env.BENCH_DESK_VERSION));
    }
    if (part !== 'main') {
      log(`bench:memory: renderer at ${items} items (load ${load()})…`);
      const { profileRenderer } = await import('./renderer-heap');
      renderers.push(await profileRenderer(items));
    }
  }
  for (const m of mains) printMain(m);
  if (renderers.length) printRenderer(renderers);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-memory.json', `${JSON.stringify({ date: new Date().toISOString(), load: load(), mains, renderers }, null, 2)}\n`);
  console.log(`\nload average at the end: ${load()}\nWrote test-results/bench-memory.json`);
}

function printMain(m: MainProfile): void {
  console.log(`\nDesk main process, ${m.items} board items (${m.watched} watched): heap held per layer`);
  console.log('layer'.padEnd(78) + 'heap MB'.padEnd(10) + 'B/item'.padEnd(9) + 'RSS MB'.padEnd(9) + 'external MB');
  for (const l of m.layers) console.log(l.layer.padEnd(78) + String(l.heapMb).padEnd(10) + String(l.bytesPerItem).padEnd(9) + String(l.rssMb).padEnd(9) + String(l.externalMb));
  console.log(`process at the end: heap ${m.totalHeapMb} MB used of ${m.totalHeapReservedMb} MB reserved, RSS ${m.totalRssMb} MB; the simulator's own process: RSS ${m.simulatorRssMb} MB`);
  console.log(`board.items JSON to the renderer: ${m.boardJsonBytesPerItem} B/item`);
}

function printRenderer(rs: RendererProfile[]): void {
  const base = rs[0]!;
  console.log('\nRenderer (Chromium, the desk page through the browser host), board loaded and quiet');
  console.log('items'.padEnd(8) + 'JS heap MB'.padEnd(12) + 'B/item over the smallest'.padEnd(26) + 'DOM nodes'.padEnd(11) + 'door tiles on screen'.padEnd(22) + 'host RSS MB');
  for (const r of rs) {
    const slope = r === base ? '—' : String(Math.round(((r.jsHeapMb - base.jsHeapMb) * 1024 * 1024) / (r.items - base.items)));
    console.log(String(r.items).padEnd(8) + String(r.jsHeapMb).padEnd(12) + slope.padEnd(26) + String(r.domNodes).padEnd(11) + String(r.tilesOnScreen).padEnd(22) + String(r.hostRssMb));
  }
}

main().catch((err: unknown) => {
  console.error(`bench:memory: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
});
