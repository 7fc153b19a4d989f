import type { BoardItem, ItemStatus } from '../../../../shared/domain';
import { VERDICT_RANK, type StatusReading } from '../../../../shared/status';
import { readItem } from './item-reading';

export interface AttentionEntry {
  item: BoardItem;
  reading: StatusReading;
  status: ItemStatus | undefined;
}

/** Within the red verdict, what needs a person first (product design: forced, tamper, alert, open too long). */
const ALARM_ORDER = ['forced', 'tamper', 'alert', 'openTooLong'];

function alarmRank(status: ItemStatus | undefined): number {
  const ranks = ALARM_ORDER.map((flag) => (status?.flags.includes(flag) ? ALARM_ORDER.indexOf(flag) : ALARM_ORDER.length));
  return Math.min(...ranks);
}

/**
 * Everything that is not normal, worst first: by verdict (alarm, offline, unknown, attention), then by
 * the kind of alarm, then the most recent change first, then by name so the order is stable.
 */
export function attentionList(items: readonly BoardItem[], statuses: ReadonlyMap<string, ItemStatus>): AttentionEntry[] {
  return items
    .map((item) => {
      const status = statuses.get(item.href);
      return { item, status, reading: readItem(item, status) };
    })
    .filter((entry) => entry.reading.verdict !== 'normal')
    .sort(
      (a, b) =>
        VERDICT_RANK[a.reading.verdict] - VERDICT_RANK[b.reading.verdict] ||
        alarmRank(a.status) - alarmRank(b.status) ||
        (b.status?.receivedAt ?? 0) - (a.status?.receivedAt ?? 0) ||
        a.item.name.localeCompare(b.item.name),
    );
}
