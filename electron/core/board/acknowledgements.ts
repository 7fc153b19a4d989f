import type { Acknowledgement } from '../../../shared/contract/layout';
import type { BoardItem, ItemKind, ItemStatus } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import { attentionConcern, readStatus } from '../../../shared/status';
import type { ItemLookup } from './board-lookup';

/** What the book listens to: the desk's own board events, the items as whole lists with what main holds of them. */
export interface BoardFeed {
  onBoard(listener: (items: readonly BoardItem[], held: ItemLookup) => void): () => void;
  on(name: 'status.delta', listener: (statuses: ItemStatus[]) => void): () => void;
}

/**
 * Alarms acknowledged at this desk, kept in main with the time (and in the local store by the desk, so
 * a restart keeps them). Acknowledging changes nothing on the server: it serves sites without the
 * server's alarm queue (RESTEvents). An acknowledgement lapses when the item stops reporting that alarm (back to normal, or a
 * different alarm), so every new alarm is announced again until someone at the desk acknowledges it.
 */
export class AcknowledgementBook {
  private readonly kinds = new Map<string, ItemKind>();
  /** The alarm concern each item reports now (red items only). */
  private readonly alarms = new Map<string, string>();
  private readonly acknowledged = new Map<string, Acknowledgement>();
  private readonly stops: (() => void)[];

  constructor(
    feed: BoardFeed,
    private readonly changed: (list: Acknowledgement[]) => void,
    private readonly now: () => number = Date.now,
    /** Acknowledgements kept from before a restart (the local store): they hold until their item's alarm changes. */
    kept: readonly Acknowledgement[] = [],
  ) {
    for (const a of kept) this.acknowledged.set(a.href, a);
    this.stops = [
      // A new board's statuses come inside it, not as deltas after it.
      feed.onBoard((items, held) => {
        this.itemsChanged(items);
        this.statusesChanged(items.flatMap((item) => held.status(item.href) ?? []));
      }),
      feed.on('status.delta', (s) => this.statusesChanged(s)),
    ];
  }

  list(): Acknowledgement[] {
    return [...this.acknowledged.values()];
  }

  acknowledge(href: string): Acknowledgement[] {
    const concern = this.alarms.get(href);
    if (!concern) throw new DeskError('invalid-call', 'That item reports no alarm to acknowledge');
    this.acknowledged.set(href, { href, concern, at: this.now() });
    this.changed(this.list());
    return this.list();
  }

  stop(): void {
    this.stops.forEach((stop) => stop());
  }

  private itemsChanged(items: readonly BoardItem[]): void {
    this.kinds.clear();
    // An empty board is a site being switched or a desk starting: nothing has been seen to go yet.
    if (items.length === 0) return;
    for (const item of items) this.kinds.set(item.href, item.kind);
    let lapsed = false;
    for (const href of [...this.acknowledged.keys()]) {
      if (!this.kinds.has(href)) lapsed = this.acknowledged.delete(href) || lapsed;
    }
    for (const href of [...this.alarms.keys()]) if (!this.kinds.has(href)) this.alarms.delete(href);
    if (lapsed) this.changed(this.list());
  }

  private statusesChanged(statuses: readonly ItemStatus[]): void {
    let lapsed = false;
    for (const status of statuses) {
      const kind = this.kinds.get(status.href);
      if (!kind) continue;
      const reading = readStatus(kind, status.flags);
      const concern = reading.verdict === 'alarm' ? attentionConcern(status.flags, reading) : undefined;
      if (concern) this.alarms.set(status.href, concern);
      else this.alarms.delete(status.href);
      const held = this.acknowledged.get(status.href);
      if (held && held.concern !== concern) lapsed = this.acknowledged.delete(status.href) || lapsed;
    }
    if (lapsed) this.changed(this.list());
  }
}
