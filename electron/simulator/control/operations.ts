import type { HeldRequests } from '../http/held-requests';
import { z } from 'zod';
import { FaultSettings } from '../http/faults';
import type { LoggedEvent } from '../model/event-log';
import type { Collection } from '../model/live-item';
import type { World } from '../model/world';
import type { SubscriptionRegistry } from '../model/subscriptions';
import { Licence } from '../site/schema';
import { applyItemPatch } from './item-patches';
import type { WorldAlarms } from '../events/world-alarms';
import { AlarmOperations, FloodRequest, RaiseRequest, type RaisedEvent } from './alarm-operations';

export { DoorPatch } from './item-patches';

const OperatorGroupPatch = z
  .object({ privileges: z.array(z.string()), divisions: z.array(z.string()), members: z.array(z.string()) })
  .partial()
  .strict();

/** A control operation refused because its input was wrong; the control API answers 400 or 404. */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** What the control operations need from the running servers. */
export interface ServerHooks {
  setFaults(settings: FaultSettings): void;
  clearFaults(): void;
  dropConnections(): void;
  restart(): Promise<void>;
  /** Gives a REST client item a new API key: the old one is refused from now on. False: no such client. */
  revokeKey(clientId: string): boolean;
  /** REST requests received since start (the bench's requests per minute). */
  restRequests(): number;
  /** REST requests open now, by the kind of long-poll they are. */
  heldRequests(): HeldRequests;
}

/**
 * What tests and demos can do to the simulator besides talking REST to it. The control API on the
 * loopback port offers exactly these, and `RunningSimulator.control` offers them in-process.
 */
export interface SimulatorControl {
  /** Sets an item's physical state or faults; waiting long-polls on it return at once. */
  patchItem(collection: string, id: string, patch: unknown): void;
  /** Takes a hardware controller offline (items on it report controllerOffline) or back. */
  setControllerOnline(id: string, online: boolean): void;
  /** Stops or starts the server's hardware-communication process (processOffline). */
  setProcessOnline(online: boolean): void;
  /** Latency, 5xx answers, malformed JSON, dropped requests (see FaultSettings). */
  setFaults(settings: unknown): void;
  clearFaults(): void;
  /** Closes every open client connection now (held long-polls included). */
  dropConnections(): void;
  /** Restarts the HTTPS listener on the same port: connections drop, nothing is watched any more. */
  restart(): Promise<void>;
  /** Replaces the site's licences. */
  setLicences(licences: unknown): void;
  /** Changes an operator group's privileges, divisions or members (seen after a refresh). */
  setOperatorGroup(id: string, patch: unknown): void;
  /** Refreshes a REST client item's privileges, so operator group changes take effect for it. */
  refreshRestClient(id: string): void;
  /** Revokes a REST client item's API key (it gets a new one), as a site administrator would. */
  revokeKey(id: string): void;
  /** The server's event log after sequence number `since`. */
  events(since?: number): LoggedEvent[];
  /** Moves simulated time forward (timed overrides, relocks, flood windows). */
  advanceTime(ms: number): void;
  /** The server's current time (epoch ms): real time plus every advance so far. */
  now(): number;
  /** How many REST requests the server has received since it started, faults included. */
  restRequests(): number;
  /** REST requests open now by kind: at rest, one per long-poll chain a client keeps (its idle load). */
  heldRequests(): HeldRequests;
  /** The live multi-item updates subscriptions: id, REST client, how many items, held GETs. */
  subscriptions(): SubscriptionSummary[];
  /** Forgets every subscription, as a restart does: held and later GETs answer 404. */
  dropSubscriptions(): void;
  /** Held subscription GETs answer now with what changed, often nothing (an empty answer). */
  wakeSubscriptions(): void;
  /** Every subscription's next answer repeats the state of all its items (duplicates). */
  repeatSubscriptions(): void;
  /**
   * Raises an event of any kind at any item, controller or the server, at the site's or a given
   * priority; at or above the site's threshold it is an alarm (RaiseRequest).
   */
  raiseAlarm(request: unknown): RaisedEvent;
  /** Ends a two-part alarm's `active`, as its condition restoring would. */
  restoreAlarm(id: string): void;
  /** Raises `count` alarms at once (FloodRequest): the bench's flood and start-up backlog. */
  floodAlarms(request: unknown): { count: number; first: string; last: string };
  /** Alarms not yet processed, whoever may see them. */
  unprocessedAlarms(): number;
  /** Alarm updates bookmarks handed out so far become unknown (answered 404), as after a reset of the server's alarm history. */
  forgetAlarmBookmarks(): void;
}

export interface SubscriptionSummary {
  id: string;
  restClient: string;
  items: number;
  held: number;
}

export class ControlOperations implements SimulatorControl {
  private readonly alarms: AlarmOperations;

  constructor(
    private readonly world: World,
    private readonly registry: SubscriptionRegistry,
    raiser: WorldAlarms,
    private readonly hooks: ServerHooks,
  ) {
    this.alarms = new AlarmOperations(world, raiser);
  }

  raiseAlarm(request: unknown): RaisedEvent {
    const raised = this.alarms.raise(parse(RaiseRequest, request, 'alarm'));
    if ('unknownSource' in raised) throw new ControlError(404, `No item, controller or server with id ${raised.unknownSource}`);
    return raised;
  }

  restoreAlarm(id: string): void {
    if (!this.alarms.restore(id)) throw new ControlError(404, `No alarm with id ${id}`);
  }

  floodAlarms(request: unknown): { count: number; first: string; last: string } {
    const flooded = this.alarms.flood(parse(FloodRequest, request, 'flood'));
    if ('unknownSource' in flooded) throw new ControlError(404, `No item, controller or server with id ${flooded.unknownSource}`);
    return flooded;
  }

  unprocessedAlarms(): number {
    return this.world.journal.alarms.unprocessed;
  }

  forgetAlarmBookmarks(): void {
    this.world.journal.alarms.forgetBookmarks();
  }

  patchItem(collection: string, id: string, patch: unknown): void {
    const item = this.world.item(collection as Collection, id);
    if (!item) throw new ControlError(404, `No ${collection} item with id ${id}`);
    const refusal = applyItemPatch(item, patch, (schema, value) => parse(schema, value, `${collection}/${id}`));
    if (refusal) throw new ControlError(400, `${collection}/${id}: ${refusal}`);
  }

  setControllerOnline(id: string, online: boolean): void {
    if (!this.world.site.controllers.some((c) => c.id === id)) throw new ControlError(404, `No controller with id ${id}`);
    if (typeof online !== 'boolean') throw new ControlError(400, 'online must be true or false');
    this.world.setControllerOnline(id, online);
  }

  setProcessOnline(online: boolean): void {
    if (typeof online !== 'boolean') throw new ControlError(400, 'online must be true or false');
    this.world.setProcessOnline(online);
  }

  setFaults(settings: unknown): void {
    this.hooks.setFaults(parse(FaultSettings, settings, 'faults'));
  }

  clearFaults(): void {
    this.hooks.clearFaults();
  }

  dropConnections(): void {
    this.hooks.dropConnections();
  }

  restart(): Promise<void> {
    return this.hooks.restart();
  }

  setLicences(licences: unknown): void {
    this.world.licences = new Set(parse(z.array(Licence), licences, 'licences'));
  }

  setOperatorGroup(id: string, patch: unknown): void {
    const group = this.world.operatorGroups.find((g) => g.id === id);
    if (!group) throw new ControlError(404, `No operator group with id ${id}`);
    const p = parse(OperatorGroupPatch, patch, `operator group ${id}`);
    const unknown = (p.divisions ?? []).filter((d) => !this.world.divisions.has(d));
    if (unknown.length > 0) throw new ControlError(400, `operator group ${id}: unknown divisions ${unknown.join(', ')}`);
    Object.assign(group, p);
  }

  refreshRestClient(id: string): void {
    if (!this.world.site.restClients.some((c) => c.id === id)) throw new ControlError(404, `No REST client with id ${id}`);
    this.world.refreshPrivileges(id);
  }

  revokeKey(id: string): void {
    if (!this.hooks.revokeKey(id)) throw new ControlError(404, `No REST client with id ${id}`);
  }

  events(since = 0): LoggedEvent[] {
    return this.world.events.since(since);
  }

  advanceTime(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new ControlError(400, 'advanceTime needs a non-negative number of ms');
    this.world.clock.advance(ms);
  }

  now(): number {
    return this.world.clock.now();
  }

  restRequests(): number {
    return this.hooks.restRequests();
  }

  heldRequests(): HeldRequests {
    return this.hooks.heldRequests();
  }

  subscriptions(): SubscriptionSummary[] {
    return this.registry.list().map((s) => ({ id: s.id, restClient: s.clientId, items: s.items.length, held: s.held }));
  }

  dropSubscriptions(): void {
    this.registry.dropAll();
  }

  wakeSubscriptions(): void {
    this.registry.wakeAll();
  }

  repeatSubscriptions(): void {
    this.registry.repeatAll();
  }
}

export function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ControlError(400, `${what}: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return result.data;
}
