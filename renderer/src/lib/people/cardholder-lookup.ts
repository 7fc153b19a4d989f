import type { CardholderMatch, CardholderSearchResult } from '../../../../shared/contract/directory';

/** How long typing must pause before the desk asks the server: one search per pause, not per key. */
export const LOOKUP_DELAY_MS = 250;

export interface LookupState {
  /** The name as searched (trimmed). */
  query: string;
  /** idle: nothing typed; waiting: typing, the search not yet sent; searching: sent; done; failed. */
  phase: 'idle' | 'waiting' | 'searching' | 'done' | 'failed';
  matches: CardholderMatch[];
  /** More cardholders matched than are shown. */
  more: boolean;
  /** Why the search failed, in the desk's words. */
  error?: string;
}

export const IDLE: LookupState = { query: '', phase: 'idle', matches: [], more: false };

/**
 * Cardholders by name as the operator types: debounced, and only the answer to the latest text is shown
 * (an earlier search that answers late is dropped). While the next search waits, the last matches stay.
 */
export class CardholderLookup {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest = 0;
  private state: LookupState = IDLE;

  constructor(
    private readonly search: (name: string) => Promise<CardholderSearchResult>,
    private readonly show: (state: LookupState) => void,
    private readonly delayMs = LOOKUP_DELAY_MS,
  ) {}

  type(text: string): void {
    this.cancel();
    const query = text.trim();
    const asked = ++this.latest;
    if (!query) return this.set(IDLE);
    this.set({ ...this.state, query, phase: 'waiting', error: undefined });
    this.timer = setTimeout(() => void this.run(query, asked), this.delayMs);
  }

  /** Stops a search waiting to be sent, and ignores any answer still to come. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.latest++;
  }

  private async run(query: string, asked: number): Promise<void> {
    this.timer = undefined;
    this.set({ ...this.state, phase: 'searching' });
    try {
      const found = await this.search(query);
      if (asked !== this.latest) return;
      this.set({ query, phase: 'done', matches: found.matches, more: found.more });
    } catch (err) {
      if (asked !== this.latest) return;
      this.set({ query, phase: 'failed', matches: [], more: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private set(next: LookupState): void {
    this.state = next;
    this.show(next);
  }
}

/** The next highlighted row for an arrow key: wraps at both ends; -1 (none) goes to the first or last. */
export function moveHighlight(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** What the list says under the field, or nothing when the matches speak for themselves. */
export function lookupNote(state: LookupState, limit: number): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'failed':
      return `Search failed: ${state.error ?? 'no answer'}`;
    case 'done':
      if (state.matches.length === 0) return `No cardholder's name holds “${state.query}”.`;
      return state.more ? `The first ${limit} shown: type more of the name to narrow it.` : '';
    default:
      return state.matches.length === 0 ? 'Searching…' : '';
  }
}
