import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureBuilt } from './desk/desk-build';
import { runDesk, type DeskFigures } from './desk/desk-run';
import { ROOT } from './desk/host-process';

/**
 * `npm run bench:soak` (not part of `npm run bench`): the desk bench held for 30 minutes at 100
 * background changes/s, sampling host RSS (the desk alone: the simulator runs in its own process, its
 * RSS sampled apart), renderer heap and latency every minute, and reporting how
 * much they grew from the first minute to the last. BENCH_SIZES (first size; default 2000),
 * BENCH_SECONDS (default 1800), BENCH_SAMPLE_SECONDS (default 60), BENCH_DESK_RATE (default 100),
 * BENCH_DESK_UNWATCHED=1 (probes read with no Playwright on the page: measuring-browser.ts).
 */
const settings = {
  items: Number((process.env.BENCH_SIZES ?? '2000').split(',')[0]),
  measureSeconds: Number(process.env.BENCH_SECONDS ?? '1800'),
  changesPerSecond: Number(process.env.BENCH_DESK_RATE ?? '100'),
  idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? '10'),
  sampleEverySeconds: Number(process.env.BENCH_SAMPLE_SECONDS ?? '60'),
  unwatched: process.env.BENCH_DESK_UNWATCHED === '1',
  probeEveryMs: Number(process.env.BENCH_PROBE_EVERY_MS ?? '100'),
};

async function main(): Promise<void> {
  ensureBuilt(ROOT, [], (line) => console.error(line));
  console.error(`bench:soak: ${settings.items} items for ${settings.measureSeconds} s at ${settings.changesPerSecond} changes/s…`);
  const figures = await runDesk(settings, (line) => console.error(line));
  const samples = figures.samples ?? [];
  const first = samples[0];
  const last = samples.at(-1);
  const growth = (pick: (s: NonNullable<DeskFigures['samples']>[number]) => number | null) => {
    const a = first ? pick(first) : null;
    const b = last ? pick(last) : null;
    return a === null || b === null ? null : Math.round((b - a) * 10) / 10;
  };
  const summary = {
    hostRssGrowthMb: growth((s) => s.hostRssMb),
    hostHeapAfterGcGrowthMb: growth((s) => s.hostHeapAfterGcMb),
    simulatorRssGrowthMb: growth((s) => s.simulatorRssMb),
    rendererHeapGrowthMb: growth((s) => s.rendererHeapMb),
    latencyP50ChangeMs: growth((s) => s.latencyP50Ms),
    latencyP99ChangeMs: growth((s) => s.latencyP99Ms),
    missed: figures.missed,
  };
  console.log(`\nGatehouse desk soak — ${settings.items} items, ${settings.measureSeconds} s, ${settings.changesPerSecond} changes/s\n`);
  console.log('at s    host RSS MB  host heap after GC MB  simulator RSS MB  renderer heap MB  p50 ms  p99 ms  probes  missed');
  for (const s of samples) {
    console.log(
      [String(s.atSeconds).padEnd(6), String(s.hostRssMb).padEnd(11), String(s.hostHeapAfterGcMb).padEnd(21), String(s.simulatorRssMb).padEnd(16), String(s.rendererHeapMb).padEnd(16), String(s.latencyP50Ms).padEnd(6), String(s.latencyP99Ms).padEnd(6), String(s.probes).padEnd(6), String(s.missed)].join('  '),
    );
  }
  console.log(`\ngrowth first → last sample: host RSS (the desk) ${summary.hostRssGrowthMb} MB, host heap after a full collection ${summary.hostHeapAfterGcGrowthMb} MB, simulator RSS ${summary.simulatorRssGrowthMb} MB, renderer heap ${summary.rendererHeapGrowthMb} MB, p50 ${summary.latencyP50ChangeMs} ms, p99 ${summary.latencyP99ChangeMs} ms; missed ${summary.missed}`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-soak.json', `${JSON.stringify({ date: new Date().toISOString(), settings, summary, figures }, null, 2)}\n`);
  console.log('Wrote test-results/bench-soak.json');
}

main().catch((err: unknown) => {
  console.error(`bench:soak: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
});
