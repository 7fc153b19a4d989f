import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discover } from '../../../electron/core/api/discovery';
import { loadCatalogue } from '../../../electron/core/board/catalogue';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import type { OpenedSite, SiteSource } from '../../../electron/core/site-source';
import type { DeskConfig } from '../../../electron/core/config';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { DeskError } from '../../../shared/errors';
import type { BoardSnapshot, ConnectionState, ItemStatus } from '../../../shared/domain';
import { describeConnection } from '../../../renderer/src/lib/connection/describe';
import { deskConfigFor, siteEvents, startTestSite, transportFor, type SiteAddress } from './site';
import { TcpProxy } from './tcp-proxy';
import { unpackPart } from '../../../shared/contract/board-packing';

/** A site source whose config a test can change, as Settings would after the operator confirms a new certificate. */
class SwitchableSite implements SiteSource {
  constructor(public config: DeskConfig) {}
  async open(): Promise<OpenedSite> {
    return { config: this.config, close: async () => undefined };
  }
}

/** One desk (with its own local store) against one simulator, with everything a fault row measures. */
export class FaultBench {
  readonly phases: ConnectionState[] = [];
  readonly unhandled: unknown[] = [];
  commandsAccepted = 0;
  commandsTried = 0;
  /** Overrides whose outcome the desk said it could not know (no answer in time, an unreadable answer): each may have happened once. */
  commandsUncertain = 0;
  /** Overrides the sites this bench replaced had received (a certificate change starts a new one). */
  overridesAtReplacedSites = 0;
  /** Samples at which the bar said Connected and live while an item on the board was stale. */
  connectedWhileStale = 0;
  samples = 0;
  /** Set when a fault is made: the first sample after it at which the bar or a tile said not live. */
  faultAt: number | undefined;
  notLiveAt: number | undefined;
  /** Set when the fault is cleared: the first sample after it with the bar live and every item live. */
  clearedAt: number | undefined;
  liveAgainAt: number | undefined;
  /** The first sample after the fault cleared with no notice on the bar (a slow server's notice gone). */
  noticeClearedAt: number | undefined;
  private readonly onUnhandled = (err: unknown) => this.unhandled.push(err);
  private readonly sampler: NodeJS.Timeout;

  private constructor(
    public site: RunningSimulator,
    readonly proxy: TcpProxy,
    readonly desk: Desk,
    readonly records: DeskRecords,
    readonly source: SwitchableSite,
    private readonly dir: string,
  ) {
    this.sampler = setInterval(() => void this.sample(), 100);
  }

  /** A simulator reached through a TCP proxy the row controls; its links name the proxy's address. */
  static async startSite(proxy: TcpProxy): Promise<RunningSimulator> {
    const site = await startTestSite({ publicUrl: proxy.url });
    proxy.forwardTo({ host: '127.0.0.1', port: site.listenPort });
    return site;
  }

  static async start(): Promise<FaultBench> {
    const proxy = await TcpProxy.start();
    const site = await FaultBench.startSite(proxy);
    const source = new SwitchableSite(deskConfigFor(site));
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-store-'));
    const records = openDeskRecords({ dir, desk: 'fault bench' });
    const desk = new Desk({ sites: source, records });
    const bench = new FaultBench(site, proxy, desk, records, source, dir);
    process.on('unhandledRejection', bench.onUnhandled);
    process.on('uncaughtException', bench.onUnhandled);
    desk.on('connection', (s) => bench.phases.push(s));
    await desk.start();
    await bench.until(() => bench.phases.at(-1)?.phase === 'connected', 'connected', 15_000);
    return bench;
  }

  /**
   * What the connection bar would say now (the renderer's own wording of the desk's state), checked
   * against the board: "Connected" and live while any item is stale is the lie this counts.
   */
  async sample(): Promise<void> {
    const snapshot = await this.desk.handle('board.get', {}).catch(() => undefined);
    if (!snapshot) return;
    this.samples++;
    const bar = describeConnection(snapshot.connection, { phase: 'open', since: 0 }, Date.now());
    // Live with a count of the items not live says so; live with no count while one is stale does not.
    const anyStale = snapshot.liveness.some((l) => l.state === 'stale');
    if (bar.live && bar.notLiveItems === 0 && anyStale) this.connectedWhileStale++;
    const now = Date.now();
    if (this.faultAt !== undefined && this.clearedAt === undefined && this.notLiveAt === undefined && (!bar.live || anyStale)) this.notLiveAt = now;
    if (this.clearedAt !== undefined && this.liveAgainAt === undefined && bar.live && !anyStale) this.liveAgainAt = now;
    if (this.clearedAt !== undefined && this.noticeClearedAt === undefined && bar.live && snapshot.connection.reason === undefined) this.noticeClearedAt = now;
  }

  async stop(): Promise<void> {
    clearInterval(this.sampler);
    await this.desk.stop();
    await this.site.stop();
    await this.proxy.close();
    process.off('unhandledRejection', this.onUnhandled);
    process.off('uncaughtException', this.onUnhandled);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Tries an override as the operator would; counts what was accepted. Never throws. */
  async tryOverride(): Promise<'accepted' | string> {
    const door = (await this.desk.handle('board.get', {})).items.find((i) => i.kind === 'door');
    if (!door) return 'no door on the board';
    this.commandsTried++;
    try {
      await this.desk.handle('item.command', { href: door.href, command: 'open' });
      this.commandsAccepted++;
      return 'accepted';
    } catch (err) {
      if (err instanceof DeskError && ['timeout', 'network', 'uncertain'].includes(err.code)) this.commandsUncertain++;
      return err instanceof Error ? err.message : String(err);
    }
  }

  /**
   * Overrides the server carried out beyond what the desk reported: each accepted one once, each the
   * desk called uncertain at most once. Negative: the desk reported accepted what the server never took.
   */
  async duplicates(): Promise<number> {
    const extra = (await this.overridesAtServer()) - this.commandsAccepted;
    return extra < 0 ? extra : Math.max(0, extra - this.commandsUncertain);
  }

  /** Overrides the server received, by its own event log. */
  async overridesAtServer(): Promise<number> {
    return this.overridesAtReplacedSites + (await siteEvents(this.site)).filter((e) => e.type === 'override').length;
  }

  /** The items whose status on the desk differs from the server's, or is missing. */
  async differences(): Promise<string[]> {
    return differencesFrom(unpackPart(await this.desk.handle('board.get', {})), () => serverTruth(this.site));
  }

  async until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      await this.sample();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

interface Truth {
  items: Set<string>;
  statuses: Map<string, ItemStatus>;
}

/** The board as the server has it now, asked on a connection of its own: its items, and the status of those that have one. */
export async function serverTruth(site: SiteAddress): Promise<Truth> {
  const transport = transportFor(site);
  try {
    const { entries, statuses } = await loadCatalogue(transport, await discover(transport));
    return { items: new Set(entries.keys()), statuses: new Map(statuses.map((s) => [s.href, s])) };
  } finally {
    await transport.close();
  }
}

/** What differs between a desk's board and the server, item by item; ['not live'] while the desk is not connected and live. */
export async function differencesFrom(snapshot: BoardSnapshot, truthNow: () => Promise<Truth>): Promise<string[]> {
  if (snapshot.connection.phase !== 'connected' || snapshot.liveness.some((l) => l.state === 'stale')) return ['not live'];
  const truth = await truthNow();
  const desk = new Map(snapshot.statuses.map((s) => [s.href, s]));
  const items = new Set(snapshot.items.map((i) => i.href));
  const wrong = [...truth.statuses].filter(([href, status]) => !sameState(desk.get(href), status)).map(([href]) => href);
  const missing = [...truth.items].filter((href) => !items.has(href));
  const extra = [...items].filter((href) => !truth.items.has(href));
  return [...wrong, ...missing, ...extra];
}

/**
 * The desk shows what the server says: the same flags, and the same words where the search gives
 * words (a search may leave statusText out where the updates call carries it).
 */
function sameState(desk: ItemStatus | undefined, server: ItemStatus): boolean {
  if (!desk) return false;
  const flags = (s: ItemStatus) => [...s.flags].sort().join(',');
  return flags(desk) === flags(server) && (server.statusText === '' || desk.statusText === server.statusText);
}
