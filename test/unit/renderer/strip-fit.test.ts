import { describe, expect, it } from 'vitest';
import { ENTRY_MIN_PX, roveTo, STRIP_ROWS, stripFit } from '../../../renderer/src/board/lib/strip-fit';

describe('how many entries the attention strip shows', () => {
  it('shows two rows of as many columns as fit, at least one and at most four', () => {
    expect(stripFit(0)).toEqual({ columns: 1, shown: STRIP_ROWS });
    expect(stripFit(ENTRY_MIN_PX * 2 - 1)).toEqual({ columns: 1, shown: STRIP_ROWS });
    expect(stripFit(ENTRY_MIN_PX * 2)).toEqual({ columns: 2, shown: 2 * STRIP_ROWS });
    expect(stripFit(10_000)).toEqual({ columns: 4, shown: 4 * STRIP_ROWS });
  });

  it('gives the 1280 px desk two columns and the 1920 px desk more', () => {
    // The list's width beside the heading: about 900 px at 1280, about 1,550 at 1920.
    expect(stripFit(900).columns).toBe(2);
    expect(stripFit(1500).columns).toBe(3);
  });
});

describe('arrow keys inside the strip', () => {
  it('move one button on, stop at the ends, and Home and End jump', () => {
    expect(roveTo('ArrowRight', 0, 4)).toBe(1);
    expect(roveTo('ArrowDown', 3, 4)).toBe(3);
    expect(roveTo('ArrowLeft', 0, 4)).toBe(0);
    expect(roveTo('ArrowUp', 2, 4)).toBe(1);
    expect(roveTo('Home', 3, 4)).toBe(0);
    expect(roveTo('End', 0, 4)).toBe(3);
  });

  it('leave other keys (Tab, Enter) to the page, and an empty list alone', () => {
    expect(roveTo('Tab', 1, 4)).toBeUndefined();
    expect(roveTo('Enter', 1, 4)).toBeUndefined();
    expect(roveTo('ArrowRight', 0, 0)).toBeUndefined();
  });
});
