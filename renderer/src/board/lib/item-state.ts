import type { BoardItem, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import type { StatusReading, Verdict } from '../../../../shared/status';
import { readItem } from '../../lib/board/item-reading';
import { VERDICT_LABEL } from '../../lib/board/verdict-labels';

/**
 * Where an item counts on the overview and sorts in the list: its verdict, or "not live" when the desk
 * is not hearing about it. An alarm stays an alarm however old: a guard must never find a forced door
 * folded into a grey count.
 */
export type StateBucket = Verdict | 'notLive';

/** Worst first: the overview's columns and the list's state order. */
export const BUCKETS: readonly StateBucket[] = ['alarm', 'offline', 'unknown', 'notLive', 'attention', 'normal'];

/** The words the tiles use for each verdict, and "Not live" for an item not being heard. */
export const BUCKET_LABEL: Record<StateBucket, string> = { ...VERDICT_LABEL, notLive: 'Not live' };

export function bucketOf(verdict: Verdict, stale: boolean): StateBucket {
  if (verdict === 'alarm') return 'alarm';
  return stale ? 'notLive' : verdict;
}

/** One item as the overview and the list read it. */
export interface ItemState {
  item: BoardItem;
  reading: StatusReading;
  bucket: StateBucket;
  /** When the state shown began, as far as the desk knows: the status's arrival, or when it went stale. */
  since: number | undefined;
}

/** Where the views read an item's latest status and liveness (the board store's maps). */
export interface StateSource {
  status(href: string): ItemStatus | undefined;
  staleness(href: string): ItemLiveness | undefined;
  /** Whether the desk is live at all: when it is not, every item is as stale as a tile shows it. */
  live: boolean;
}

/** An item's state by the tiles' own rules (readItem, the verdict words): never a second copy of them. */
export function itemState(item: BoardItem, source: StateSource): ItemState {
  const status = source.status(item.href);
  const liveness = source.staleness(item.href);
  const reading = readItem(item, status);
  const stale = liveness !== undefined || !source.live;
  const bucket = bucketOf(reading.verdict, stale);
  return { item, reading, bucket, since: bucket === 'notLive' && liveness ? liveness.since : status?.receivedAt };
}

