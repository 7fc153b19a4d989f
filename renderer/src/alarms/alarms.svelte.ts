import { SvelteMap } from 'svelte/reactivity';
import type { AlarmActResult, AlarmFeed, AlarmQueue, AlarmSummary } from '../../../shared/contract/alarms';
import { QueueBook, type AlarmChanges } from './lib/queue-book';

/** What the last action on an alarm came to, in the server's words where it refused or failed. */
export type AlarmOutcome = AlarmActResult['results'][number];

const NO_SITE: AlarmFeed = { source: 'none', live: false, behind: false };

/**
 * The server's alarm queue at this desk: `alarms.get` whenever the link to main (re)opens, then
 * `alarms.changed` and `alarms.feed` (alarm-sync.ts). Ordered by priority, 9 first, then by time with
 * the OLDEST first within a priority: the alarm that has waited longest is worked first. Nothing here
 * changes an alarm's state on the desk's own say: a row changes when main says the server changed it.
 */
class AlarmQueueStore {
  readonly #book = new QueueBook();
  #alarms = $state.raw<readonly AlarmSummary[]>([]);
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
  get unacknowledged(): readonly AlarmSummary[] {
    return this.#alarms.filter((a) => a.state === 'unacknowledged');
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
    this.#publish();
  }

  apply(changes: AlarmChanges): void {
    this.#book.apply(changes);
    this.#publish();
  }

  feedChanged(feed: AlarmFeed): void {
    this.#feed = feed;
  }

  recordOutcomes(results: readonly AlarmOutcome[]): void {
    for (const result of results) this.outcomes.set(result.id, result);
  }

  #publish(): void {
    this.#alarms = this.#book.sorted();
    for (const id of [...this.outcomes.keys()]) if (!this.#book.get(id)) this.outcomes.delete(id);
  }
}

export const alarmQueue = new AlarmQueueStore();
