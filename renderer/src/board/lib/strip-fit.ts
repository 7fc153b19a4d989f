/** The narrowest an entry of the attention strip gets: its item's name and what happened fit in two or three lines. */
export const ENTRY_MIN_PX = 400;
/** Rows of entries the strip shows at most: the board keeps the rest of the window. */
export const STRIP_ROWS = 2;

/** How many entries the strip shows side by side in a list `width` px wide, and how many in all. */
export function stripFit(width: number): { columns: number; shown: number } {
  const columns = Math.max(1, Math.min(4, Math.floor(width / ENTRY_MIN_PX)));
  return { columns, shown: columns * STRIP_ROWS };
}

/**
 * Arrow keys inside a list of buttons that is one Tab stop: the key that moves (or undefined), and to
 * which of `count` buttons from `at`.
 */
export function roveTo(key: string, at: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
