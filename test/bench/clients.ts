import { discover } from '../../electron/core/api/discovery';
import { collect, getItem, searchItems } from '../../electron/core/api/items';
import { ITEM_TYPES } from '../../electron/core/api/item-types';
import { UpdatesPage } from '../../electron/core/api/schemas';
import type { Transport } from '../../electron/core/api/transport';
import { Monitor } from '../../electron/core/monitor/monitor';
import { DoorChanges } from './changes';
import { transportTo, type ChildSimulator } from './simulator-child';
import { ProcessMeter, quantile, seeded } from './stats';

export interface RunSettings {
  changesPerSecond: number;
  measureSeconds: number;
  /** The schedule-polling client's period. */
  pollEveryMs: number;
}

export interface ClientFigures {
  client: 'long-poll' | 'schedule-poll';
  doors: number;
  protocol: string;
  changes: number;
  seen: number;
  /** Changes overtaken by the next change of the same door before the client saw them. */
  superseded: number;
  unseen: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  requestsPerMinute: number;
  rssMedianMb: number;
  rssMaxMb: number;
  cpuPercent: number;
}

/** Counts the GETs a transport makes (bench instrumentation only). */
function countRequests(transport: Transport): { count: number } {
  const counter = { count: 0 };
  const original = transport.getJson.bind(transport);
  transport.getJson = ((...args: Parameters<Transport['getJson']>) => {
    counter.count++;
    return original(...args);
  }) as Transport['getJson'];
  return counter;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`bench: timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function openState(flags: readonly string[]): boolean | undefined {
  if (flags.includes('open')) return true;
  if (flags.includes('closed')) return false;
  return undefined;
}

async function measure(
  sim: ChildSimulator,
  doorIds: string[],
  settings: RunSettings,
  counter: { count: number },
  changes: DoorChanges,
): Promise<Omit<ClientFigures, 'client' | 'doors' | 'protocol'>> {
  const meter = new ProcessMeter();
  const startCount = counter.count;
  const started = performance.now();
  changes.start(settings.changesPerSecond);
  await sleep(settings.measureSeconds * 1000);
  await changes.stop();
  const minutes = (performance.now() - started) / 60_000;
  const requests = counter.count - startCount;
  await sleep(Math.max(3_000, settings.pollEveryMs)); // let the last changes be seen
  const process = meter.finish();
  return {
    changes: changes.made,
    seen: changes.latenciesMs.length,
    superseded: changes.superseded,
    unseen: changes.unseen,
    latencyP50Ms: round(quantile(changes.latenciesMs, 0.5)),
    latencyP99Ms: round(quantile(changes.latenciesMs, 0.99)),
    requestsPerMinute: Math.round(requests / minutes),
    ...process,
  };
}

const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);

/** Gatehouse's monitor: one long-poll chain per door, coalesced deltas. */
export async function runLongPoll(sim: ChildSimulator, doors: number, settings: RunSettings): Promise<ClientFigures> {
  const transport = transportTo(sim);
  const counter = countRequests(transport);
  const discovery = await discover(transport);
  const all = await collect(searchItems(transport, discovery, 'door', { fields: ['updates'] }));
  const idByHref = new Map(all.map((d) => [d.href, d.id]));
  const changes = new DoorChanges(sim.controlUrl, all.map((d) => d.id), seeded(doors));
  const known = new Set<string>();
  const monitor = new Monitor(transport, {
    delta: (batch) => {
      const now = performance.now();
      for (const s of batch) {
        const open = openState(s.flags);
        if (open === undefined) continue;
        known.add(s.href);
        changes.observe(idByHref.get(s.href)!, open, now);
      }
    },
    answered: () => {},
    failed: () => {},
  });
  // BENCH_SUBSCRIBE=1: many items per call where the server links it (8.30+), as the desk does.
  if (process.env.BENCH_SUBSCRIBE === '1') monitor.useSubscriptions(discovery.links.get('items.updates'));
  monitor.watch(all.map((d) => ({ href: d.href, id: d.id, name: d.name, updatesHref: d.updates!.href, fields: ITEM_TYPES.door.updateFields })));
  await until(() => known.size === all.length, 'every door\'s first status', 120_000);
  const protocol = (await transport.watchCapacity()).protocol;
  const figures = await measure(sim, [...idByHref.values()], settings, counter, changes);
  await monitor.stop();
  await transport.close();
  return { client: 'long-poll', doors, protocol, ...figures };
}

/**
 * A simple integration: every few seconds, list the doors and GET each one's detail. The server reports
 * `unknown` for items nobody watches, so each door is first watched once (one updates call) to make its
 * status current for the run — the poller's best case.
 */
export async function runSchedulePoll(sim: ChildSimulator, doors: number, settings: RunSettings): Promise<ClientFigures> {
  const transport = transportTo(sim);
  const discovery = await discover(transport);
  const all = await collect(searchItems(transport, discovery, 'door', { fields: ['updates'] }));
  await pool(all, 32, async (d) => void (await transport.getJson(d.updates!.href, UpdatesPage, 'warm-up')));
  const counter = countRequests(transport);
  const changes = new DoorChanges(sim.controlUrl, all.map((d) => d.id), seeded(doors));
  let running = true;
  const loop = (async () => {
    while (running) {
      const cycleStart = performance.now();
      const listed = await collect(searchItems(transport, discovery, 'door'));
      await pool(listed, 8, async (door) => {
        const detail = await getItem(transport, 'door', door.href, { fields: ['statusFlags'] });
        const open = openState(detail.statusFlags ?? []);
        if (open !== undefined) changes.observe(door.id, open, performance.now());
      });
      const rest = settings.pollEveryMs - (performance.now() - cycleStart);
      if (rest > 0 && running) await sleep(rest);
    }
  })();
  const figures = await measure(sim, all.map((d) => d.id), settings, counter, changes);
  running = false;
  await loop;
  await transport.close();
  return { client: 'schedule-poll', doors, protocol: 'h2 (8 connections, one request each)', ...figures };
}
