import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discover } from '../../../electron/core/api/discovery';
import { ITEM_TYPES } from '../../../electron/core/api/item-types';
import { loadCatalogue } from '../../../electron/core/board/catalogue';
import { boardDigest } from '../../../electron/core/board/catalogue-board';
import { LivenessBook } from '../../../electron/core/monitor/liveness';
import { Monitor, type WatchTarget } from '../../../electron/core/monitor/monitor';
import { LastKnownStore } from '../../../electron/core/offline/last-known-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import type { ItemStatus } from '../../../shared/domain';
import { rssMbOf } from '../desk/host-process';
import { startChildSimulator, stopChildSimulator, transportTo } from '../simulator-child';

/**
 * What each item costs in each layer of the desk's main process, measured by difference: the
 * process's heap (after two full collections) before and after a layer is built and held. The
 * simulator runs in its own process, so nothing of the server is counted; its RSS is reported beside.
 */
export interface LayerCost {
  layer: string;
  /** Heap held by the layer, MB, and per item in bytes. */
  heapMb: number;
  bytesPerItem: number;
  /** Memory outside the JS heap (SQLite, buffers), MB: RSS and external growth. */
  rssMb: number;
  externalMb: number;
}

export interface MainProfile {
  items: number;
  watched: number;
  layers: LayerCost[];
  /** The process at the end, all layers held (watchers one by one stopped), MB. */
  totalRssMb: number;
  totalHeapMb: number;
  /** The heap V8 has reserved (used plus room): most of the gap between heap and RSS. */
  totalHeapReservedMb: number;
  simulatorRssMb: number | null;
  /** board.items as it crosses to the renderer, bytes per item (JSON). */
  boardJsonBytesPerItem: number;
}

type Gc = () => void;
const gc = (globalThis as { gc?: Gc }).gc;

interface Sample {
  heap: number;
  heapTotal: number;
  rss: number;
  external: number;
}

/**
 * Heap and RSS after full collections. Answers just parsed stay reachable for a few seconds (the HTTP
 * client's buffers and timers), so each sample first waits for them to be let go.
 */
async function sample(): Promise<Sample> {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');
  await sleep(SETTLE_MS);
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, external: m.external };
}

const SETTLE_MS = 4_000;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean, what: string, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`bench:memory: gave up waiting for ${what}`);
    await sleep(100);
  }
}

/** Profiles the main-process layers at `items` items; `version` pins the simulator's (default 9.40). */
export async function profileMain(items: number, log: (line: string) => void, version?: string): Promise<MainProfile> {
  const sim = await startChildSimulator(items, 60_000, { items: true, ...(version ? { version } : {}) });
  const transport = transportTo(sim);
  const layers: LayerCost[] = [];
  let before = await sample();
  const record = async (layer: string, count: number) => {
    const after = await sample();
    const heap = after.heap - before.heap;
    layers.push({ layer, heapMb: mb(heap), bytesPerItem: Math.round(heap / Math.max(1, count)), rssMb: mb(after.rss - before.rss), externalMb: mb(after.external - before.external) });
    log(`  ${layer}: ${mb(heap)} MB heap, ${Math.round(heap / Math.max(1, count))} B/item`);
    before = after;
  };
  try {
    const discovery = await discover(transport);
    await record('transport and discovery', 1);

    const { entries, statuses } = await loadCatalogue(transport, discovery);
    await record('catalogue (board items and the server\'s fields)', entries.size);
    const boardOnly = [...entries.values()].map((e) => e.board);
    const boardJsonBytesPerItem = Math.round(Buffer.byteLength(JSON.stringify(boardOnly)) / entries.size);

    const latest = new Map<string, ItemStatus>(statuses.map((s) => [s.href, s]));
    await record('latest status per item (the session\'s map)', latest.size);

    const liveness = new LivenessBook(() => undefined);
    for (const href of entries.keys()) liveness.track(href);
    await record('liveness book alone (a second copy, for its share of the monitor)', entries.size);

    const targets: WatchTarget[] = [...entries.values()].flatMap((e) =>
      e.fields.updates ? [{ href: e.board.href, id: e.board.id, name: e.board.name, updatesHref: e.fields.updates.href, fields: ITEM_TYPES[e.board.kind].updateFields }] : [],
    );
    const heard = new Set<string>();
    const monitor = new Monitor(transport, { delta: (batch) => batch.forEach((s) => heard.add(s.href)) });
    const subscribeHref = discovery.links.get('items.updates');
    monitor.useSubscriptions(subscribeHref);
    monitor.watch(targets);
    // Every item answered once, and the chains settled into their held polls.
    await until(() => heard.size >= targets.length * 0.99, 'every watched item\'s first status', 300_000);
    await sleep(5_000);
    await record(`monitor, ${subscribeHref ? `${monitor.size - monitor.chains} in subscriptions, ${monitor.chains} by own long-poll` : `${monitor.chains} by own long-poll`} (incl. its liveness)`, targets.length);

    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-memory-'));
    const store = LocalStore.open(dir, { migrations: storeMigrations });
    const lastKnown = new LastKnownStore(store);
    const sink = lastKnown.sinkFor(transport.origin);
    sink.catalogueLoaded({ serverVersion: discovery.version, features: [...discovery.links.keys()] }, boardOnly, [...latest.values()], boardDigest(boardOnly));
    sink.statusBatch([...latest.values()]);
    lastKnown.flush();
    await record('last-known store (SQLite, after a full board and a status per item)', entries.size);

    const total = await sample();
    await monitor.stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
    const simulatorRssMb = rssMbOf(sim.process.pid!);
    return { items: entries.size, watched: targets.length, layers, totalRssMb: mb(total.rss), totalHeapMb: mb(total.heap), totalHeapReservedMb: mb(total.heapTotal), simulatorRssMb, boardJsonBytesPerItem };
  } finally {
    await transport.close();
    await stopChildSimulator(sim);
  }
}
