import type { CallResult, CommandRequest } from '../../shared/contract';
import type { ConnectionState, ItemStatus } from '../../shared/domain';
import { DeskError } from '../../shared/errors';
import { Backoff, sleep } from './api/backoff';
import { isTransient } from './api/errors';
import { sendCommand } from './api/commands';
import { discover, type Discovery } from './api/discovery';
import { ITEM_TYPES } from './api/item-types';
import { Transport } from './api/transport';
import { loadCatalogue, type CatalogueEntry } from './board/catalogue';
import type { DeskConfig } from './config';
import { ConnectionTracker } from './connection';
import type { ContractEvents } from './events';
import { Monitor } from './monitor/monitor';
import { liveAgain, staleBoard } from './offline/last-known-view';
import type { LastKnownBoard, SiteStateSink } from './offline/state-sink';

/**
 * The desk's connection to one site: transport, catalogue, monitor and connection state, reporting
 * through the desk's contract events. Switching site means stopping this session and starting another.
 */
export class SiteSession {
  private readonly transport: Transport;
  private readonly tracker: ConnectionTracker;
  private readonly monitor: Monitor;
  private readonly stopping = new AbortController();
  private catalogue = new Map<string, CatalogueEntry>();
  private readonly statuses = new Map<string, ItemStatus>();
  /** Served until the server's board arrives: every item stale, no command sendable. */
  private lastKnown: ReturnType<typeof staleBoard> | undefined;
  private discovery: Discovery | undefined;

  constructor(
    config: DeskConfig,
    private readonly events: ContractEvents,
    /** Keeps the last-known board in the local store; absent in tools and tests without one. */
    private readonly sink?: SiteStateSink,
  ) {
    const { baseUrl, apiKey, auth, tls, explainTlsFailure } = config;
    this.transport = new Transport({ baseUrl, apiKey, auth, tls, explainTlsFailure });
    this.tracker = new ConnectionTracker(this.transport.origin, config.demo, (s) => this.events.emit('connection', s));
    this.monitor = new Monitor(this.transport, {
      delta: (batch) => {
        for (const s of batch) this.statuses.set(s.href, s);
        this.events.emit('status.delta', batch);
        this.sink?.statusBatch(batch);
      },
      answered: () => this.tracker.connected(),
      failed: (error, retryAt) => this.onFailure(error, retryAt),
    });
  }

  /** Connects in the background; progress is reported through `connection` events. */
  start(): void {
    this.showLastKnown(this.sink?.lastKnown());
    void this.connectLoop();
  }

  /** Shows what this desk last knew of the site at once, marked stale, while the server is asked. */
  private showLastKnown(known: LastKnownBoard | undefined): void {
    if (!known || known.items.length === 0) return;
    this.lastKnown = staleBoard(known, Date.now());
    this.events.emit('board.items', this.lastKnown.items);
    this.events.emit('status.delta', this.lastKnown.statuses);
    this.events.emit('status.liveness', this.lastKnown.liveness);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.monitor.stop();
    await this.transport.close();
  }

  get connection(): ConnectionState {
    return this.tracker.current;
  }

  snapshot(): CallResult<'board.get'> {
    if (this.lastKnown) return { connection: this.tracker.current, ...this.lastKnown };
    return {
      connection: this.tracker.current,
      items: [...this.catalogue.values()].map((e) => e.board),
      statuses: [...this.statuses.values()],
      liveness: [],
    };
  }

  async command(params: CommandRequest): Promise<CallResult<'item.command'>> {
    // Overrides are never queued: a door opening ten minutes late is dangerous. Checked first, so a
    // command on the last-known board (no catalogue yet) is refused as offline too.
    if (this.tracker.phase !== 'connected') {
      throw new DeskError('offline', 'Not connected to the server: the command was not sent. Try again once connected.');
    }
    const entry = this.catalogue.get(params.href);
    if (!entry) throw new DeskError('invalid-call', 'That item is not one the server gave this desk');
    // Abandoned at the desk's deadline and never re-sent: the renderer watches the item's status instead.
    await sendCommand(this.transport, entry.fields, params);
    return { accepted: true };
  }

  /** Reads reference data (day categories, elevator groups) through this session's connection. */
  async read<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T> {
    if (!this.discovery || this.tracker.phase !== 'connected') {
      throw new DeskError('offline', 'Not connected to the server: the site reference data cannot be read now.');
    }
    return reader(this.transport, this.discovery);
  }

  private async connectLoop(): Promise<void> {
    const backoff = new Backoff(1_000, 30_000);
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      try {
        const discovery = await discover(this.transport);
        const { entries, statuses } = await loadCatalogue(this.transport, discovery);
        if (signal.aborted) return;
        this.discovery = discovery;
        this.catalogue = entries;
        for (const s of statuses) this.statuses.set(s.href, s);
        this.tracker.connected(discovery);
        const items = [...entries.values()].map((e) => e.board);
        this.events.emit('board.items', items);
        this.events.emit('status.delta', statuses);
        if (this.lastKnown) this.events.emit('status.liveness', liveAgain(items, Date.now()));
        this.lastKnown = undefined;
        this.sink?.catalogueLoaded({ serverVersion: discovery.version, features: [...discovery.links.keys()] }, items, statuses);
        this.monitor.watch(
          [...entries.values()].flatMap((e) =>
            e.fields.updates
              ? [{ href: e.board.href, name: e.board.name, updatesHref: e.fields.updates.href, fields: ITEM_TYPES[e.board.kind].updateFields }]
              : [],
          ),
        );
        return;
      } catch (err) {
        if (signal.aborted) return;
        const error = err instanceof DeskError ? err : new DeskError('network', String(err));
        const delay = backoff.next();
        // Without discovery and a board any failure (a licence, a malformed answer) leaves the desk
        // reconnecting, not only a transient one.
        if (this.onFailure(error, Date.now() + delay, true) === 'stop') return;
        await sleep(delay, signal);
      }
    }
  }

  /** Unauthorised and certificate failures are never retried automatically (the server's flood rule). */
  private onFailure(error: DeskError, retryAt?: number, anyFailure = false): 'stop' | 'retry' {
    if (error.code === 'unauthorised' || error.code === 'certificate') {
      this.tracker.offline(error.message);
      return 'stop';
    }
    if (anyFailure || isTransient(error)) this.tracker.reconnecting(error.message, retryAt);
    return 'retry';
  }
}
