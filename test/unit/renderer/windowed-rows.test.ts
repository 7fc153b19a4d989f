import { describe, expect, it } from 'vitest';
import { scrollToReveal, spaceAround, visibleRows } from '../../../renderer/src/board/lib/windowing';

// The arithmetic behind the overview's and the list's windowed rows (board/lib/windowed-rows.svelte.ts):
// one row a line, 46 px tall, four rows either side of the screen.
const ROW = 46;
const table = (count: number, bodyTop: number, height = 800) => visibleRows(count, { columns: 1, rowHeight: ROW }, bodyTop, height, 4);

describe('a windowed table', () => {
  it('keeps a screen of rows and four either side in the page, the rest as blank space of the same height', () => {
    // Scrolled 100 rows down the body: rows 96 to 121 in the page (800 px is 17.4 rows).
    const range = table(50_000, -100 * ROW);
    expect(range).toEqual({ firstRow: 96, endRow: 122 });
    const space = spaceAround(range, 50_000, ROW);
    expect(space).toEqual({ above: 96 * ROW, below: (50_000 - 122) * ROW });
    // The blank space and the rows in the page add up to the whole table's height: nothing jumps as it scrolls.
    expect(space.above + (range.endRow - range.firstRow) * ROW + space.below).toBe(50_000 * ROW);
  });

  it('has no blank space at the top of the table, nor at its end', () => {
    expect(spaceAround(table(1_000, 200), 1_000, ROW).above).toBe(0);
    const end = table(1_000, -(1_000 * ROW - 800));
    expect(end.endRow).toBe(1_000);
    expect(spaceAround(end, 1_000, ROW).below).toBe(0);
    expect(spaceAround(table(0, 0), 0, ROW)).toEqual({ above: 0, below: 0 });
  });

  it('scrolls a row out of the page to the middle of the screen, and leaves the page be for a row in it', () => {
    const range = table(5_000, 0);
    // Row 10 is on screen: no scroll.
    expect(scrollToReveal(10, range, 0, ROW, 800)).toBeUndefined();
    // Row 4,000: its top lands at the screen's middle once scrolled by this much.
    const by = scrollToReveal(4_000, range, 150, ROW, 800)!;
    expect(150 + 4_000 * ROW - by).toBe(400);
    // And then it is in the page.
    const after = table(5_000, 150 - by);
    expect(4_000).toBeGreaterThanOrEqual(after.firstRow);
    expect(4_000).toBeLessThan(after.endRow);
    // Back up the table too; a row that is not there (-1) moves nothing.
    expect(scrollToReveal(0, table(5_000, -4_000 * ROW), -4_000 * ROW, ROW, 800)).toBe(-4_000 * ROW - 400);
    expect(scrollToReveal(-1, range, 0, ROW, 800)).toBeUndefined();
  });
});
