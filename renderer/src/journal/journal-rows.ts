import type { ServerEvent } from '../../../shared/contract/alarms';

/**
 * The most rows the journal keeps: the screen stays quick and the desk's memory small however long it
 * runs. Older ones are dropped from the bottom as live ones arrive, and read again by scrolling down.
 */
export const JOURNAL_MAX_ROWS = 3_000;

/**
 * Newest first, each event once. `fresh` (oldest first, as events.appended sends them) go on top;
 * what is over the cap leaves the bottom. Answers the new rows and how many were added on top.
 */
export function prependEvents(rows: readonly ServerEvent[], fresh: readonly ServerEvent[], max = JOURNAL_MAX_ROWS): { rows: ServerEvent[]; added: number; trimmed: boolean } {
  const known = new Set(rows.map((r) => r.id));
  const top: ServerEvent[] = [];
  for (let i = fresh.length - 1; i >= 0; i--) {
    const event = fresh[i]!;
    if (known.has(event.id)) continue;
    known.add(event.id);
    top.push(event);
  }
  const all = top.length ? [...top, ...rows] : [...rows];
  const trimmed = all.length > max;
  return { rows: trimmed ? all.slice(0, max) : all, added: top.length, trimmed };
}

/** An older page (newest first) below the rows, each event once, up to the cap. */
export function appendOlder(rows: readonly ServerEvent[], older: readonly ServerEvent[], max = JOURNAL_MAX_ROWS): ServerEvent[] {
  const known = new Set(rows.map((r) => r.id));
  const below = older.filter((e) => !known.has(e.id));
  return [...rows, ...below].slice(0, max);
}

/** The rows on screen for a scroll position: a window of fixed-height rows, a few spare above and below. */
export function visibleWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, spare = 8): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - spare);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + spare);
  return { start, end };
}
