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
  /**
   * Each board item's latest status. What alarm it reports is read from it only when someone
   * acknowledges it, or when it changes under an acknowledgement: reading every status as it came
   * held a 50,000-item board's start 50 ms, to find the few alarms a guard acknowledges.
   */
  private readonly latest = new Map<string, ItemStatus>();
  private readonly acknowledged = new Map<string, Acknowledgement>();
  private boardDue: { items: readonly BoardItem[]; held: ItemLookup } | undefined;
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
      // A new board's statuses come inside it, not as deltas after it. Read a moment later: at 50,000
      // items it is 70 ms the page's board and the connection's news need not wait for.
      feed.onBoard((items, held) => {
        this.boardDue = { items, held };
        setImmediate(() => this.takeBoard());
      }),
      feed.on('status.delta', (statuses) => {
        this.takeBoard();
        let lapsed = false;
        for (const status of statuses) lapsed = this.statusChanged(status) || lapsed;
        if (lapsed) this.changed(this.list());
      }),
    ];
  }

  list(): Acknowledgement[] {
    this.takeBoard();
    return [...this.acknowledged.values()];
  }

  acknowledge(href: string): Acknowledgement[] {
    this.takeBoard();
    const concern = this.alarmOf(href);
    if (!concern) throw new DeskError('invalid-call', 'That item reports no alarm to acknowledge');
    this.acknowledged.set(href, { href, concern, at: this.now() });
    this.changed(this.list());
    return this.list();
  }

  stop(): void {
    this.stops.forEach((stop) => stop());
    this.boardDue = undefined;
  }

  /** The board last published, if not yet taken in: before anything that reads or changes the book. */
  private takeBoard(): void {
    const due = this.boardDue;
    if (!due) return;
    this.boardDue = undefined;
    let lapsed = this.itemsChanged(due.items);
    for (const item of due.items) {
      const status = due.held.status(item.href);
      if (status) lapsed = this.statusChanged(status) || lapsed;
    }
    if (lapsed) this.changed(this.list());
  }

  /** The alarm the item reports now, if it reports one. */
  private alarmOf(href: string): string | undefined {
    const kind = this.kinds.get(href);
    const status = this.latest.get(href);
    if (!kind || !status) return undefined;
    const reading = readStatus(kind, status.flags);
    return reading.verdict === 'alarm' ? attentionConcern(status.flags, reading) : undefined;
  }

  /** Whether an acknowledgement lapsed, its item gone from the board. */
  private itemsChanged(items: readonly BoardItem[]): boolean {
    this.kinds.clear();
    // An empty board is a site being switched or a desk starting: nothing has been seen to go yet.
    if (items.length === 0) return false;
    for (const item of items) this.kinds.set(item.href, item.kind);
    let lapsed = false;
    for (const href of [...this.acknowledged.keys()]) {
      if (!this.kinds.has(href)) lapsed = this.acknowledged.delete(href) || lapsed;
    }
    for (const href of [...this.latest.keys()]) if (!this.kinds.has(href)) this.latest.delete(href);
    return lapsed;
  }

  /** Whether the item's acknowledgement lapsed, its alarm no longer the one acknowledged. */
  private statusChanged(status: ItemStatus): boolean {
    if (!this.kinds.has(status.href)) return false;
    this.latest.set(status.href, status);
    const held = this.acknowledged.get(status.href);
    return held !== undefined && held.concern !== this.alarmOf(status.href) && this.acknowledged.delete(status.href);
  }
}
