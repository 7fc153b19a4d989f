import type { BoardItem, ItemRef, ItemStatus } from '../../../../shared/domain';
import { readFenceVoltage } from '../../../../shared/status';

/** One line of a panel's facts: a term and what the server said, or why it said nothing. */
export interface Fact {
  term: string;
  value: string;
  /** Items the fact names (a zone's doors, a door's zones), for a list rather than a sentence. */
  refs?: ItemRef[];
}

const names = (refs: readonly ItemRef[]) => refs.map((r) => r.name).join(', ');

/**
 * The type-specific facts of an item's panel, from its board entry and latest status. Only what the
 * server gave is shown; a value that means nothing without its flag (fence voltage) says why instead.
 */
export function typeFacts(item: BoardItem, status: ItemStatus | undefined): Fact[] {
  const facts: Fact[] = [];
  switch (item.kind) {
    case 'accessZone':
      facts.push({ term: 'Zone count', value: zoneCountWords(status) });
      if (item.doors) {
        facts.push({ term: 'Doors', value: item.doors.length ? names(item.doors) : 'None (the server lists no doors)', refs: item.doors });
      }
      break;
    case 'door':
      facts.push({ term: 'Entry zone', value: item.entryAccessZone?.name ?? 'Not given' });
      facts.push({ term: 'Exit zone', value: item.exitAccessZone?.name ?? 'Not given' });
      break;
    case 'fenceZone':
      facts.push({ term: 'Voltage', value: voltageWords(status) });
      break;
    default:
      break;
  }
  return facts;
}

function zoneCountWords(status: ItemStatus | undefined): string {
  if (!status) return 'No status received yet';
  if (status.zoneCount === undefined) return 'Not reported';
  const flags = new Set(status.flags);
  const range = flags.has('zoneCountTooHigh') ? ' — too high' : flags.has('zoneCountTooLow') ? ' — too low' : '';
  const grace = flags.has('zoneCountInGrace') ? ' (in grace period)' : '';
  return `${status.zoneCount}${range}${grace}`;
}

function voltageWords(status: ItemStatus | undefined): string {
  if (!status) return 'No status received yet';
  const voltage = readFenceVoltage(status.flags, status.voltage);
  // The server gives no unit for the voltage, so none is invented here.
  return voltage.valid ? `${voltage.value} (valid: voltage known)` : `${voltage.reason} — no valid reading`;
}

/** The facts every kind shares, in the order an operator looks for them. */
export function commonFacts(item: BoardItem): Fact[] {
  const facts: Fact[] = [];
  if (item.shortName) facts.push({ term: 'Short name', value: item.shortName });
  facts.push({ term: 'Division', value: item.division?.name ?? item.division?.id ?? 'Not given' });
  if (item.connectedController) facts.push({ term: 'Controller', value: item.connectedController.name });
  if (item.description) facts.push({ term: 'Description', value: item.description });
  if (item.notes) facts.push({ term: 'Notes', value: item.notes });
  return facts;
}
