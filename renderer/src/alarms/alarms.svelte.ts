import { SvelteMap } from 'svelte/reactivity';
import type { AlarmActResult, AlarmFeed, AlarmQueue, AlarmSummary } from '../../../shared/contract/alarms';
import { Paced } from '../lib/board/paced';
import { QueueBook, type AlarmChanges } from './lib/queue-book';

/** What the last action on an alarm came to, in the server's words where it refused or failed. */
export type AlarmOutcome = AlarmActResult['results'][number];

const NO_SITE: AlarmFeed = { source: 'none', live: false, behind: false };
/**
 * A change that comes alone is shown at once; while changes pour in (10,000 alarms at start-up come as
 * twenty events, a flood as hundreds) the queue is drawn at most this often, the last change always
 * shown. Each drawing redraws the table's first rows and every count, so drawing twenty times in a row
 * held the queue back by seconds.
 */
const DRAWN_AT_MOST_EVERY_MS = 50;

/**
 * The server's alarm queue at this desk: `alarms.get` whenever the link to main (re)opens, then
 * `alarms.changed` and `alarms.feed` (alarm-sync.ts). Ordered by priority, 9 first, then by time with
 * the OLDEST first within a priority: the alarm that has waited longest is worked first. Nothing here
 * changes an alarm's state on the desk's own say: a row changes when main says the server changed it.
 */
class AlarmQueueStore {
  readonly #book = new QueueBook();
  readonly #drawn = new Paced(DRAWN_AT_MOST_EVERY_MS, () => this.#publish());
  #alarms = $state.raw<readonly AlarmSummary[]>([]);
  #unacknowledged = $state.raw<readonly AlarmSummary[]>([]);
  #feed = $state.raw<AlarmFeed>(NO_SITE);
  #loaded = $state(false);
  /** The outcome of this desk's last action on each alarm, until the alarm leaves the queue. */
  readonly outcomes = new SvelteMap<string, AlarmOutcome>();

  get alarms(): readonly AlarmSummary[] {
    return this.#alarms;
  }
  get feed(): AlarmFeed {
    return this.#feed;
  }
  /** Whether the queue was read since the desk started (until then it says it is loading, not empty). */
  get loaded(): boolean {
    return this.#loaded;
  }
  /** The site has RESTEvents and the desk follows its alarms: the strip and the sound follow them too. */
  get fromServer(): boolean {
    return this.#feed.source === 'server';
  }
  /** In the queue's order; worked out once per change, not once per reader (the strip, the button and the counts). */
  get unacknowledged(): readonly AlarmSummary[] {
    return this.#unacknowledged;
  }

  /** One alarm as the queue holds it now (read reactively: it follows the alarm's changes). */
  get(id: string): AlarmSummary | undefined {
    void this.#alarms;
    return this.#book.get(id);
  }

  readStarted(): void {
    this.#book.readStarted();
  }

  readFailed(): void {
    this.#book.readFailed();
  }

  replace(queue: AlarmQueue): void {
    this.#book.replace(queue);
    this.#feed = queue.feed;
    this.#loaded = true;
    this.#drawn.flush();
  }

  apply(changes: AlarmChanges): void {
    this.#book.apply(changes);
    this.#drawn.changed();
  }

  feedChanged(feed: AlarmFeed): void {
    this.#feed = feed;
  }

  recordOutcomes(results: readonly AlarmOutcome[]): void {
    for (const result of results) this.outcomes.set(result.id, result);
  }

  #publish(): void {
    this.#alarms = this.#book.sorted();
    this.#unacknowledged = this.#alarms.filter((a) => a.state === 'unacknowledged');
    if (this.outcomes.size) for (const id of [...this.outcomes.keys()]) if (!this.#book.get(id)) this.outcomes.delete(id);
  }
}

export const alarmQueue = new AlarmQueueStore();
