import type { ItemKind } from '../domain';
import { readAccessZone } from './access-zone';
import { readAlarmZone } from './alarm-zone';
import { readDoor } from './door';
import { readFenceZone } from './fence-zone';
import { readInput } from './input';
import { readInterlockGroup } from './interlock-group';
import { readMacro } from './macro';
import { readOutput } from './output';
import type { StatusReading } from './reading';

export type { StatusReading, Verdict, VerdictColour } from './reading';
export { VERDICT_COLOUR, VERDICT_RANK, worse } from './reading';
export { ATTENTION_ORDER, attentionConcern, attentionRank, forAttentionStrip } from './attention';
export type { AttentionConcern, RankedItem } from './attention';
export { mayShowFenceVoltage, readFenceVoltage } from './fence-zone';
export type { FenceVoltage } from './fence-zone';

const READERS: Record<ItemKind, (flags: readonly string[]) => StatusReading> = {
  door: readDoor,
  accessZone: readAccessZone,
  alarmZone: readAlarmZone,
  fenceZone: readFenceZone,
  input: readInput,
  interlockGroup: readInterlockGroup,
  macro: readMacro,
  output: readOutput,
};

/** The reading of an item's flags by the rules for its kind (docs/server-status-flags.md). */
export function readStatus(kind: ItemKind, flags: readonly string[]): StatusReading {
  return READERS[kind](flags);
}
