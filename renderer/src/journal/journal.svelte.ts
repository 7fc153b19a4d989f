import type { EventGroups, ServerEvent } from '../../../shared/contract/alarms';
import type { RendererDesk } from '../lib/desk';
import { matchesChoice, toEventFilter, type JournalChoice } from './journal-filter';
import { appendOlder, JOURNAL_MAX_ROWS, prependEvents } from './journal-rows';

/** Rows one page of the journal reads. */
const PAGE = 200;

/**
 * The journal screen's state: the rows shown (newest first, capped), the filter, the next older page
 * and when the desk last heard events from main. Live rows arrive through `events.appended`.
 */
export class JournalState {
  rows = $state.raw<ServerEvent[]>([]);
  choice = $state.raw<JournalChoice>({});
  groups = $state.raw<EventGroups>([]);
  /** The older page's token; absent at the start of the journal. */
  older = $state<string | undefined>();
  /** Rows were dropped at the cap: older ones are not read any further here (export them instead). */
  full = $state(false);
  loading = $state(false);
  error = $state<string | undefined>();
  /** When the rows were last known current (ms). */
  heardAt = $state<number | undefined>();
  /** Answers to a filter the operator has since changed are dropped. */
  #asked = 0;

  constructor(private readonly desk: RendererDesk) {}

  async loadGroups(): Promise<void> {
    try {
      this.groups = await this.desk.call('events.groups', {});
    } catch (err) {
      this.error = message(err);
    }
  }

  /** Reads the newest page for a filter (the whole journal again). */
  async load(choice: JournalChoice = this.choice): Promise<void> {
    this.choice = choice;
    const asked = ++this.#asked;
    this.loading = true;
    try {
      const page = await this.desk.call('events.list', { ...toEventFilter(choice), limit: PAGE });
      if (asked !== this.#asked) return;
      this.rows = page.events;
      this.older = page.older;
      this.full = false;
      this.error = undefined;
      this.heardAt = Date.now();
    } catch (err) {
      if (asked === this.#asked) this.error = message(err);
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }

  /** The next older page below the rows (scrolling down), until the start of the journal or the cap. */
  async loadOlder(): Promise<void> {
    if (!this.older || this.loading || this.full) return;
    const asked = this.#asked;
    this.loading = true;
    try {
      const page = await this.desk.call('events.list', { ...toEventFilter(this.choice), older: this.older, limit: PAGE });
      if (asked !== this.#asked) return;
      this.rows = appendOlder(this.rows, page.events);
      this.older = page.older;
      if (this.rows.length >= JOURNAL_MAX_ROWS) this.full = true;
    } catch (err) {
      if (asked === this.#asked) this.error = message(err);
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }

  /** Live events (oldest first); answers how many rows went on top, so the view can keep its place. */
  appended(events: readonly ServerEvent[]): number {
    this.heardAt = Date.now();
    const wanted = events.filter((e) => matchesChoice(e, this.choice, this.groups));
    if (wanted.length === 0) return 0;
    const next = prependEvents(this.rows, wanted);
    this.rows = next.rows;
    if (next.trimmed) this.full = true;
    return next.added;
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
