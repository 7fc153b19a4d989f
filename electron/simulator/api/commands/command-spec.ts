import type { Operator } from '../../auth/operator';
import type { LiveItem } from '../../model/live-item';
import type { World } from '../../model/world';

export interface CommandInput {
  /** Simulated epoch ms at which a timed override ends. */
  endAt?: number;
  zoneCount?: number;
}

/**
 * One override command of one item type: the URL segment it is posted to, the keys it appears
 * under in the item's `commands` map (an `...Until` key shares its base command's href), who may
 * run it and what it does.
 */
export interface CommandSpec<T extends LiveItem = LiveItem> {
  segment: string;
  keys: string[];
  /** Display names for alarm zone commands, by key. */
  names?: Record<string, string>;
  /** Any one of these, in the item's division, allows the command. */
  privileges: string[];
  body: 'none' | 'optionalEndTime' | 'zoneCount';
  /** First server version with the command. */
  since?: string;
  /** Whether this particular item offers the command (e.g. lock only on half-cycle doors). */
  offeredBy?: (item: T, world: World, operator: Operator) => boolean;
  /**
   * Whether the item's `commands` map lists the command (default: yes). An unlisted command is still
   * answered where `offeredBy` routes it (pulse on an output not set to pulse: 400 from 8.70).
   */
  listed?: (item: T) => boolean;
  /**
   * A further per-operator condition (macros: only groups allowed to run it). Commands failing it
   * are left out of the item's `commands` map and answered 403.
   */
  permits?: (item: T, operator: Operator) => boolean;
  /** A reason the command cannot run now with this input (answered 400), if any. */
  refuse?: (item: T, input: CommandInput) => string | undefined;
  run(item: T, input: CommandInput): void;
}

export type CommandTable<T extends LiveItem = LiveItem> = CommandSpec<T>[];

/**
 * The rule (docs/server-interface.md §Overrides) for access and alarm zones: a zone without a schedule has no natural state to
 * return to, so it cannot be overridden for a time.
 */
export function timedOverrideNeedsSchedule(what: string) {
  return (zone: { hasSchedule: boolean }, input: CommandInput): string | undefined =>
    input.endAt !== undefined && !zone.hasSchedule ? `This ${what} has no schedule, so a timed override is not possible` : undefined;
}
