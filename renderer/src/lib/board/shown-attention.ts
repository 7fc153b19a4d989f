import { Paced } from './paced';
import { worstFirst, type AttentionEntry, type AttentionIndex, type AttentionNews, type RankedEntry } from './attention-index';

/**
 * What the attention strip, its counts and the plans' pulses show of the attention index. An item that
 * arrives on the list or gets worse is shown at once, with its tile's change: on a large site nearly
 * every door is off screen and the strip is where a forced door is seen, so it must never wait behind
 * the strip's pacing (issue 34: it waited up to 250 ms). Everything else (an item gone or better, the
 * order changing as newer statuses come) is shown at the pace of `Paced`, an interval after the last
 * showing at the soonest, so the strip does not jump about. An arrival shown early leaves what waits
 * where it was: a cleared alarm stays listed until the next paced showing, never flashes off and on.
 */
export class ShownAttention {
  #shown: readonly RankedEntry[] = [];
  readonly #paced: Paced;

  constructor(
    private readonly index: AttentionIndex,
    private readonly publish: (entries: AttentionEntry[]) => void,
    intervalMs = 250,
    now: () => number = Date.now,
  ) {
    this.#paced = new Paced(intervalMs, () => this.#showAll(), now);
  }

  /** What a refresh of the index answered: arrivals shown now, the rest at the pace. */
  news(news: AttentionNews): void {
    if (news.arrived.length > 0) this.#letIn(news.arrived);
    if (news.settled) this.#paced.changed();
  }

  /** The whole list now (a new board or new items), with whatever was waiting. */
  flush(): void {
    this.#paced.flush();
  }

  /** The arrivals in their places among what is shown; nothing else on the strip moves. */
  #letIn(hrefs: readonly string[]): void {
    const arrived = new Map<string, RankedEntry>();
    for (const href of hrefs) {
      const ranked = this.index.ranked(href);
      if (ranked) arrived.set(href, ranked);
    }
    if (arrived.size === 0) return;
    this.#shown = [...this.#shown.filter((r) => !arrived.has(r.entry.item.href)), ...arrived.values()].sort(worstFirst);
    this.#paced.shownNow();
    this.#publish();
  }

  #showAll(): void {
    this.#shown = this.index.sortedRanked();
    this.#publish();
  }

  #publish(): void {
    this.publish(this.#shown.map((r) => r.entry));
  }
}
