import type { ItemLiveness } from '../../../shared/domain';

/** Why an item whose poll was due and did not come back is stale. */
export const OVERDUE_REASON = 'The server has not answered about this item in time';

interface Entry {
  stale: boolean;
  since: number;
  lastHeardAt: number | undefined;
  /** When the desk must hear about this item next (a poll's due time plus margin); undefined: nothing outstanding. */
  dueAt: number | undefined;
  reason: string | undefined;
}

/**
 * Whether the desk is hearing from the server about each watched item, decided per item from
 * evidence: an answer makes that item live (only that item), a failed or overdue request makes it
 * stale with the reason. Changes go to `changed` one item at a time (the monitor coalesces them).
 */
export class LivenessBook {
  private readonly entries = new Map<string, Entry>();
  private staleTotal = 0;

  constructor(
    private readonly changed: (liveness: ItemLiveness) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get staleCount(): number {
    return this.staleTotal;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Starts tracking an item as live: it was just heard of (e.g. in the catalogue's search answer). */
  track(href: string, heardAt = this.now()): void {
    if (this.entries.has(href)) return;
    this.entries.set(href, { stale: false, since: heardAt, lastHeardAt: heardAt, dueAt: undefined, reason: undefined });
  }

  untrack(href: string): void {
    const entry = this.entries.get(href);
    if (entry?.stale) this.staleTotal--;
    this.entries.delete(href);
  }

  /** The desk expects to hear about these items by `dueAt` (a poll sent, or a retry planned). */
  expect(hrefs: readonly string[], dueAt: number): void {
    for (const href of hrefs) {
      const entry = this.entries.get(href);
      if (entry) entry.dueAt = dueAt;
    }
  }

  /** The server answered about these items: they are live (one clock reading for a whole subscription's answer). Returns how many were stale. */
  heard(hrefs: readonly string[]): number {
    const now = this.now();
    let revived = 0;
    for (const href of hrefs) {
      const entry = this.entries.get(href);
      if (!entry) continue;
      entry.lastHeardAt = now;
      entry.dueAt = undefined;
      if (!entry.stale) continue;
      entry.stale = false;
      entry.since = now;
      entry.reason = undefined;
      this.staleTotal--;
      revived++;
      this.emit(href, entry);
    }
    return revived;
  }

  stale(href: string, reason: string): void {
    const entry = this.entries.get(href);
    if (entry) this.markStale(href, entry, reason);
  }

  /**
   * Every item at once, e.g. when the server stops answering or refuses the desk's key. `since`: when
   * the desk last heard from the server, where known (a hung server is admitted seconds after it hung).
   */
  staleAll(reason: string, since?: number): void {
    for (const [href, entry] of this.entries) this.markStale(href, entry, reason, since);
  }

  /** Marks live items whose answer is overdue as stale; returns how many went stale now. */
  sweep(): number {
    const now = this.now();
    let overdue = 0;
    for (const [href, entry] of this.entries) {
      if (entry.stale || entry.dueAt === undefined || now <= entry.dueAt) continue;
      this.markStale(href, entry, OVERDUE_REASON);
      overdue++;
    }
    return overdue;
  }

  /** The items that are not live, as the board snapshot carries them. */
  notLive(): ItemLiveness[] {
    const out: ItemLiveness[] = [];
    for (const [href, entry] of this.entries) if (entry.stale) out.push(toLiveness(href, entry));
    return out;
  }

  get(href: string): ItemLiveness | undefined {
    const entry = this.entries.get(href);
    return entry && toLiveness(href, entry);
  }

  private markStale(href: string, entry: Entry, reason: string, since?: number): void {
    if (entry.stale && entry.reason === reason) return;
    if (!entry.stale) {
      entry.stale = true;
      // Never before the item was last heard about: its own answer after the server's last beat still counts.
      entry.since = Math.max(Math.min(since ?? Infinity, this.now()), entry.lastHeardAt ?? -Infinity);
      this.staleTotal++;
    }
    // A changed reason keeps `since`: the item has been stale since the first failure.
    entry.reason = reason;
    entry.dueAt = undefined;
    this.emit(href, entry);
  }

  private emit(href: string, entry: Entry): void {
    this.changed(toLiveness(href, entry));
  }
}

function toLiveness(href: string, entry: Entry): ItemLiveness {
  const out: ItemLiveness = { href, state: entry.stale ? 'stale' : 'live', since: entry.since };
  if (entry.lastHeardAt !== undefined) out.lastHeardAt = entry.lastHeardAt;
  if (entry.reason !== undefined) out.reason = entry.reason;
  return out;
}
