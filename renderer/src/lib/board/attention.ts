import type { BoardItem, ItemStatus } from '../../../../shared/domain';
import { forAttentionStrip, type StatusReading } from '../../../../shared/status';
import { readItem } from './item-reading';

export interface AttentionEntry {
  item: BoardItem;
  reading: StatusReading;
  status: ItemStatus | undefined;
  flags: readonly string[];
}

/**
 * Everything that is not normal, worst first by the shared attention order (forced, tamper, alert,
 * open too long, offline, unknown, other alarms, attention). Within one concern the most recent
 * change comes first, then by name, so the strip is stable between updates.
 */
export function attentionList(items: readonly BoardItem[], statuses: ReadonlyMap<string, ItemStatus>): AttentionEntry[] {
  const entries = items.map((item) => {
    const status = statuses.get(item.href);
    return { item, status, flags: status?.flags ?? [], reading: readItem(item, status) };
  });
  entries.sort((a, b) => (b.status?.receivedAt ?? 0) - (a.status?.receivedAt ?? 0) || a.item.name.localeCompare(b.item.name));
  return forAttentionStrip(entries);
}
