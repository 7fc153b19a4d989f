import type { CallName, CallResult, DeskService, EventName, EventPayload, calls } from '../../shared/contract';
import type { ItemStatus } from '../../shared/domain';
import { DeskError } from '../../shared/errors';
import type { z } from 'zod';
import { Backoff, sleep } from './api/backoff';
import { sendCommand } from './api/commands';
import { discover } from './api/discovery';
import { ITEM_TYPES } from './api/item-types';
import { Transport } from './api/transport';
import { loadCatalogue, type CatalogueEntry } from './catalogue';
import type { DeskConfig } from './config';
import { ConnectionTracker } from './connection';
import { ContractEvents } from './events';
import { Monitor } from './monitor/monitor';

type Params<K extends CallName> = z.infer<(typeof calls)[K]['params']>;

/**
 * The composition root: builds the services for one server and implements the desk contract.
 * Both shells (Electron and the browser host) hold exactly one of these and only forward to it.
 */
export class Desk implements DeskService {
  private readonly events = new ContractEvents();
  private readonly transport: Transport;
  private readonly connection: ConnectionTracker;
  private readonly monitor: Monitor;
  private readonly stopping = new AbortController();
  private catalogue = new Map<string, CatalogueEntry>();
  private readonly statuses = new Map<string, ItemStatus>();

  constructor(config: DeskConfig) {
    this.transport = new Transport({ baseUrl: config.baseUrl, apiKey: config.apiKey, auth: config.auth, tls: config.tls });
    this.connection = new ConnectionTracker(this.transport.origin, config.demo, (s) => this.events.emit('connection', s));
    this.monitor = new Monitor(this.transport, {
      delta: (batch) => {
        for (const s of batch) this.statuses.set(s.href, s);
        this.events.emit('status.delta', batch);
      },
      answered: () => this.connection.connected(),
      failed: (error) => this.onFailure(error),
    });
  }

  /** Connects in the background; progress is reported through `connection` events. */
  start(): void {
    void this.connectLoop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.monitor.stop();
    await this.transport.close();
  }

  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    return this.events.on(name, listener);
  }

  async handle<K extends CallName>(name: K, params: Params<K>): Promise<CallResult<K>> {
    switch (name) {
      case 'board.get':
        return this.snapshot() as CallResult<K>;
      case 'item.command':
        return (await this.command(params as Params<'item.command'>)) as CallResult<K>;
      default:
        throw new DeskError('invalid-call', `Unknown call: ${String(name)}`);
    }
  }

  private snapshot(): CallResult<'board.get'> {
    return {
      connection: this.connection.current,
      items: [...this.catalogue.values()].map((e) => e.board),
      statuses: [...this.statuses.values()],
    };
  }

  private async command(params: Params<'item.command'>): Promise<CallResult<'item.command'>> {
    const entry = this.catalogue.get(params.href);
    if (!entry) throw new DeskError('invalid-call', 'That item is not one the server gave this desk');
    // Overrides are never queued: a door opening ten minutes late is dangerous.
    if (this.connection.phase !== 'connected') {
      throw new DeskError('offline', 'Not connected to the server: the command was not sent. Try again once connected.');
    }
    await sendCommand(this.transport, entry.fields, params);
    return { accepted: true };
  }

  private async connectLoop(): Promise<void> {
    const backoff = new Backoff(1_000, 30_000);
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      try {
        const discovery = await discover(this.transport);
        const { entries, statuses } = await loadCatalogue(this.transport, discovery);
        if (signal.aborted) return;
        this.catalogue = entries;
        for (const s of statuses) this.statuses.set(s.href, s);
        this.connection.connected(discovery);
        this.events.emit('board.items', [...entries.values()].map((e) => e.board));
        this.events.emit('status.delta', statuses);
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
        if (this.onFailure(error) === 'stop') return;
        const delay = backoff.next();
        this.connection.reconnecting(error.message, Date.now() + delay);
        await sleep(delay, signal);
      }
    }
  }

  /** Unauthorised and certificate failures are never retried automatically (the server's flood rule). */
  private onFailure(error: DeskError): 'stop' | 'retry' {
    if (error.code === 'unauthorised' || error.code === 'certificate') {
      this.connection.offline(error.message);
      return 'stop';
    }
    if (error.code === 'network' || error.code === 'timeout' || error.code === 'server-error') {
      this.connection.reconnecting(error.message);
    }
    return 'retry';
  }
}
