import type { BoardItem, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { attentionConcern, ATTENTION_ORDER, type AttentionConcern, type StatusReading } from '../../../../shared/status';
import { readItem } from '../../lib/board/item-reading';

export interface AttentionEntry {
  item: BoardItem;
  reading: StatusReading;
  status: ItemStatus | undefined;
  /** Why it is on the strip: forced, tamper, alert, openTooLong, offline, unknown, otherAlarm. */
  concern: AttentionConcern;
  /** Set when the desk is not hearing about the item: the strip says so rather than repeat an old state. */
  stale?: ItemLiveness;
}

/** Deliberately open or overridden (amber) is a state someone chose: it is not on the strip. */
const NOT_ON_STRIP: ReadonlySet<AttentionConcern> = new Set(['attention']);

/**
 * What needs action or is not known, worst first by the shared attention order (forced, tamper, alert,
 * open too long, zone count out of range, offline, unknown); deliberately open, free or disarmed items
 * are left off. An item the desk is not hearing about counts as offline whatever it last said, unless
 * that was worse. Within one concern the most recent change comes first, then by name, so the strip
 * is stable between updates.
 */
export function attentionList(
  items: readonly BoardItem[],
  statuses: ReadonlyMap<string, ItemStatus>,
  staleness: (href: string) => ItemLiveness | undefined = () => undefined,
): AttentionEntry[] {
  const entries: (AttentionEntry & { rank: number })[] = [];
  for (const item of items) {
    const status = statuses.get(item.href);
    const reading = readItem(item, status);
    const stale = staleness(item.href);
    let concern = attentionConcern(status?.flags ?? [], reading);
    if (stale && (concern === undefined || rankOf(concern) > rankOf('offline'))) concern = 'offline';
    if (concern === undefined || NOT_ON_STRIP.has(concern)) continue;
    entries.push({ item, status, reading, concern, rank: rankOf(concern), ...(stale ? { stale } : {}) });
  }
  entries.sort(
    (a, b) => a.rank - b.rank || (b.status?.receivedAt ?? 0) - (a.status?.receivedAt ?? 0) || a.item.name.localeCompare(b.item.name),
  );
  return entries.map(({ rank: _rank, ...entry }) => entry);
}

function rankOf(concern: AttentionConcern): number {
  return ATTENTION_ORDER.indexOf(concern);
}

/** Whether the entry is an alarm that is announced until someone at this desk acknowledges it. */
export function isAlarm(entry: AttentionEntry): boolean {
  return entry.reading.verdict === 'alarm' && !entry.stale;
}

/** The entry's reason in words for the strip, after its "Not heard" or verdict label. */
export function entryReason(entry: AttentionEntry): string {
  if (entry.stale) return entry.stale.reason ?? 'no news from the server';
  return entry.reading.reasons.join(', ') || entry.reading.words.join(', ');
}
