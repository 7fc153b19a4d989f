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
import type { ConnectionState, ItemStatus } from '../../../shared/domain';
import { deskConfigFor, siteEvents, startTestSite, transportFor } from './site';

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
  /** Overrides the sites this bench replaced had received (a certificate change starts a new one). */
  overridesAtReplacedSites = 0;
  private readonly onUnhandled = (err: unknown) => this.unhandled.push(err);

  private constructor(
    public site: RunningSimulator,
    readonly desk: Desk,
    readonly records: DeskRecords,
    readonly source: SwitchableSite,
    private readonly dir: string,
  ) {}

  static async start(): Promise<FaultBench> {
    const site = await startTestSite();
    const source = new SwitchableSite(deskConfigFor(site));
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-store-'));
    const records = openDeskRecords({ dir, desk: 'fault bench' });
    const desk = new Desk({ sites: source, records });
    const bench = new FaultBench(site, desk, records, source, dir);
    process.on('unhandledRejection', bench.onUnhandled);
    process.on('uncaughtException', bench.onUnhandled);
    desk.on('connection', (s) => bench.phases.push(s));
    await desk.start();
    await bench.until(() => bench.phases.at(-1)?.phase === 'connected', 'connected', 15_000);
    return bench;
  }

  async stop(): Promise<void> {
    await this.desk.stop();
    await this.site.stop();
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
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** Overrides the server received, by its own event log. */
  async overridesAtServer(): Promise<number> {
    return this.overridesAtReplacedSites + (await siteEvents(this.site)).filter((e) => e.type === 'override').length;
  }

  /** The board as the server has it now, asked on a connection of its own: status words per item. */
  async serverTruth(): Promise<Map<string, string>> {
    const transport = transportFor(this.site);
    try {
      const { statuses } = await loadCatalogue(transport, await discover(transport));
      return new Map(statuses.map((s) => [s.href, statusKey(s)]));
    } finally {
      await transport.close();
    }
  }

  /** The items whose status on the desk differs from the server's, or is missing. */
  async differences(): Promise<string[]> {
    const snapshot = await this.desk.handle('board.get', {});
    if (snapshot.connection.phase !== 'connected' || snapshot.liveness.some((l) => l.state === 'stale')) return ['not live'];
    const truth = await this.serverTruth();
    const desk = new Map(snapshot.statuses.map((s) => [s.href, statusKey(s)]));
    const items = new Set(snapshot.items.map((i) => i.href));
    const wrong = [...truth].filter(([href, key]) => desk.get(href) !== key).map(([href]) => href);
    const extra = [...items].filter((href) => !truth.has(href));
    return [...wrong, ...extra];
  }

  async until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function statusKey(s: ItemStatus): string {
  return `${[...s.flags].sort().join(',')}|${s.statusText}`;
}
