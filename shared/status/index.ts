import type { ItemKind } from '../domain';
import { readAbnormal } from './abnormal';
import { readDoor } from './door';
import type { StatusReading } from './reading';

export type { StatusReading, Verdict } from './reading';
export { VERDICT_RANK, worse } from './reading';

/** The reading of an item's flags, by kind. Kinds without their own rules yet are never called normal. */
export function readStatus(kind: ItemKind, flags: readonly string[]): StatusReading {
  switch (kind) {
    case 'door':
      return readDoor(flags);
    default:
      return (
        readAbnormal(flags) ?? { verdict: 'unknown', words: [...flags], reasons: [`No status rules for ${kind} yet`] }
      );
  }
}
