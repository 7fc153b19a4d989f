import { z } from 'zod';
import { LiveDoor } from '../model/door';
import type { LoggedEvent } from '../model/event-log';
import type { Collection } from '../model/live-item';
import type { World } from '../model/world';

export const DoorPatch = z
  .object({
    open: z.boolean(),
    locked: z.boolean(),
    forced: z.boolean(),
    openTooLong: z.boolean(),
    tamper: z.boolean(),
  })
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

/**
 * What tests and demos can do to the simulator besides talking REST to it. The control API on the
 * loopback port offers exactly these, and `RunningSimulator.control` offers them in-process.
 */
export interface SimulatorControl {
  /** Sets an item's physical state; waiting long-polls on it return at once. */
  patchItem(collection: string, id: string, patch: unknown): void;
  /** The server's event log after sequence number `since`. */
  events(since?: number): LoggedEvent[];
  /** Moves simulated time forward (timed overrides, relocks, flood windows). */
  advanceTime(ms: number): void;
}

export class ControlOperations implements SimulatorControl {
  constructor(private readonly world: World) {}

  patchItem(collection: string, id: string, patch: unknown): void {
    const item = this.world.item(collection as Collection, id);
    if (!item) throw new ControlError(404, `No ${collection} item with id ${id}`);
    if (item instanceof LiveDoor) {
      item.setPhysical(parse(DoorPatch, patch, `doors/${id}`));
      return;
    }
    throw new ControlError(400, `Items of ${collection} cannot be patched`);
  }

  events(since = 0): LoggedEvent[] {
    return this.world.events.since(since);
  }

  advanceTime(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new ControlError(400, 'advanceTime needs a non-negative number of ms');
    this.world.clock.advance(ms);
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
