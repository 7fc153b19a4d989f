import { z } from 'zod';
import { KIND_KEYS, type KindKey } from '../events/event-kinds';
import type { EventItem, ServerEventRecord } from '../events/journal';
import type { WorldAlarms } from '../events/world-alarms';
import type { World } from '../model/world';

/** What the control API's raise takes: any kind at any item, controller or the server, at any priority. */
export const RaiseRequest = z
  .object({
    kind: z.enum(KIND_KEYS),
    /** A live item's id, a controller's id, or the server's; default the server. */
    source: z.string().min(1).optional(),
    priority: z.number().int().min(1).max(9).optional(),
    message: z.string().min(1).max(2_048).optional(),
    details: z.string().max(2_048).optional(),
    /** Two-part: stays active until restored; default the kind's. */
    active: z.boolean().optional(),
    /** A cardholder id the event is about. */
    cardholder: z.string().min(1).optional(),
  })
  .strict();
export type RaiseRequest = z.infer<typeof RaiseRequest>;

export const FloodRequest = z
  .object({
    count: z.number().int().min(1).max(100_000),
    kind: z.enum(KIND_KEYS).default('external'),
    source: z.string().min(1).optional(),
    priority: z.number().int().min(1).max(9).optional(),
  })
  .strict();
export type FloodRequest = z.input<typeof FloodRequest>;

export interface RaisedEvent {
  /** The event's id; also the alarm's id when it became one. */
  id: string;
  alarm: boolean;
}

/** The control API's alarm operations, over the world's journal. */
export class AlarmOperations {
  constructor(
    private readonly world: World,
    private readonly raiser: WorldAlarms,
  ) {}

  raise(request: RaiseRequest): RaisedEvent | { unknownSource: string } {
    const event = this.record(request.kind, request);
    return 'unknownSource' in event ? event : { id: event.id, alarm: event.alarm !== undefined };
  }

  restore(id: string): boolean {
    const alarm = this.world.journal.alarms.get(id);
    if (!alarm) return false;
    this.world.journal.alarms.restore(alarm);
    return true;
  }

  flood(request: z.infer<typeof FloodRequest>): { count: number; first: string; last: string } | { unknownSource: string } {
    let first: string | undefined;
    let last = '';
    for (let i = 1; i <= request.count; i++) {
      const event = this.record(request.kind, { ...request, message: `Flood alarm ${i} of ${request.count}` });
      if ('unknownSource' in event) return event;
      first ??= event.id;
      last = event.id;
    }
    return { count: request.count, first: first!, last };
  }

  private record(kind: KindKey, request: Omit<RaiseRequest, 'kind'>): ServerEventRecord | { unknownSource: string } {
    const { source: sourceId, cardholder, ...rest } = request;
    const person = cardholder ? { cardholder: this.raiser.person(cardholder) } : {};
    const item = sourceId ? this.world.itemById(sourceId) : undefined;
    if (item) return this.raiser.raiseAt(item, { kind, ...rest, ...person });
    const place = this.place(sourceId);
    if (!place) return { unknownSource: sourceId! };
    return this.world.journal.record({
      kind,
      ...rest,
      ...person,
      source: place.source,
      division: place.division,
      message: rest.message ?? `${place.source.name}: ${kind}`,
    });
  }

  private place(id: string | undefined): { source: EventItem; division: string } | undefined {
    const server = this.world.site.server;
    if (id === undefined || id === server.id) {
      return { source: { id: server.id, name: server.name, server: true }, division: server.division ?? this.world.rootDivision };
    }
    const controller = this.world.controller(id);
    return controller ? { source: { id, name: controller.name, controller: true }, division: controller.division } : undefined;
  }
}
