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
 * The desk's RSS is also read every BENCH_RSS_SECONDS (default 5) from the board live to the end, and
 * its peak is the kernel's high-water mark since the host's spawn: a kiosk is judged by its peak. The
 * site has the RESTEvents licence (BENCH_SOAK_EVENTS=0 leaves it out), so the desk follows the
 * server's alarm queue and event journal as a site with them does; the alarms its probes and changes
 * raise are processed a minute later as the site's other workstations would (BENCH_SOAK_ALARMS_KEPT=1
 * leaves them in the queue, which then grows by thousands an hour). The host's heap after a forced full
 * collection is read at the first and the last sample only (BENCH_SOAK_GC_EVERY_SAMPLE=1: at every
 * one), so the collections the soak forces do not cut the peak.
 */
const settings = {
  items: Number((process.env.BENCH_SIZES ?? '2000').split(',')[0]),
  measureSeconds: Number(process.env.BENCH_SECONDS ?? '1800'),
  changesPerSecond: Number(process.env.BENCH_DESK_RATE ?? '100'),
  idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? '10'),
  sampleEverySeconds: Number(process.env.BENCH_SAMPLE_SECONDS ?? '60'),
  unwatched: process.env.BENCH_DESK_UNWATCHED === '1',
  probeEveryMs: Number(process.env.BENCH_PROBE_EVERY_MS ?? '100'),
  // The server's alarm queue and event journal followed as on a site with them (RESTEvents).
  restEvents: process.env.BENCH_SOAK_EVENTS !== '0',
  // Its probes and changes raise alarms all the time: worked at other workstations a minute later, the queue holds steady (BENCH_SOAK_ALARMS_KEPT=1: left to grow).
  alarmsProcessedElsewhere: process.env.BENCH_SOAK_ALARMS_KEPT !== '1',
  rssEverySeconds: Number(process.env.BENCH_RSS_SECONDS ?? '5'),
  heapEverySample: process.env.BENCH_SOAK_GC_EVERY_SAMPLE === '1',
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
    hostRssPeakMb: figures.hostRssPeakMb,
    hostRssSampledPeakMb: figures.hostRssSampledPeakMb,
    hostRssFirstMb: figures.rssSamples?.[0]?.rssMb ?? null,
    hostRssLastMb: figures.rssSamples?.at(-1)?.rssMb ?? null,
    hostRssSamples: figures.rssSamples?.length ?? 0,
  };
  console.log(`\nGatehouse desk soak — ${settings.items} items, ${settings.measureSeconds} s, ${settings.changesPerSecond} changes/s\n`);
  console.log('at s    host RSS MB  host heap after GC MB  simulator RSS MB  renderer heap MB  p50 ms  p99 ms  probes  missed');
  for (const s of samples) {
    console.log(
      [String(s.atSeconds).padEnd(6), String(s.hostRssMb).padEnd(11), String(s.hostHeapAfterGcMb).padEnd(21), String(s.simulatorRssMb).padEnd(16), String(s.rendererHeapMb).padEnd(16), String(s.latencyP50Ms).padEnd(6), String(s.latencyP99Ms).padEnd(6), String(s.probes).padEnd(6), String(s.missed)].join('  '),
    );
  }
  printRss(figures.rssSamples ?? [], settings.rssEverySeconds);
  console.log(`\nhost RSS peak ${summary.hostRssPeakMb} MB (the kernel's high-water mark since the host's spawn; the highest of ${summary.hostRssSamples} samples every ${settings.rssEverySeconds} s: ${summary.hostRssSampledPeakMb} MB); first sample ${summary.hostRssFirstMb} MB, last ${summary.hostRssLastMb} MB`);
  console.log(`growth first → last sample: host RSS (the desk) ${summary.hostRssGrowthMb} MB, host heap after a full collection ${summary.hostHeapAfterGcGrowthMb} MB, simulator RSS ${summary.simulatorRssGrowthMb} MB, renderer heap ${summary.rendererHeapGrowthMb} MB, p50 ${summary.latencyP50ChangeMs} ms, p99 ${summary.latencyP99ChangeMs} ms; missed ${summary.missed}`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-soak.json', `${JSON.stringify({ date: new Date().toISOString(), settings, summary, figures }, null, 2)}\n`);
  console.log('Wrote test-results/bench-soak.json');
}

/** The host's RSS samples, one line a minute: the highest and the last of each minute. */
function printRss(samples: { atSeconds: number; rssMb: number }[], everySeconds: number): void {
  if (samples.length === 0) return;
  console.log(`\nhost RSS every ${everySeconds} s, by minute (highest / last of the minute, MB):`);
  const minutes = new Map<number, number[]>();
  for (const s of samples) minutes.set(Math.floor(s.atSeconds / 60), [...(minutes.get(Math.floor(s.atSeconds / 60)) ?? []), s.rssMb]);
  console.log([...minutes].map(([m, values]) => `${m}: ${Math.max(...values)}/${values.at(-1)}`).join('  '));
}

main().catch((err: unknown) => {
  console.error(`bench:soak: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
});
