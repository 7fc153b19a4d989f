import { describe, expect, it } from 'vitest';
import { staleText } from '../../../renderer/src/board/lib/staleness';
import { columnsFor, visibleRows } from '../../../renderer/src/board/lib/windowing';
import { colourClass } from '../../../renderer/src/board/lib/verdict-style';
import { clockTime } from '../../../renderer/src/lib/time/age';
import { item, status } from './fixtures';

describe('a stale tile', () => {
  const door = item('Dock');
  const heardAt = new Date(2026, 10, 23, 14, 2).getTime();
  const changedAt = new Date(2026, 10, 23, 9, 0).getTime();

  it('says when the desk last heard about the item, not when the item last changed, and why', () => {
    const text = staleText({ href: door.href, state: 'stale', since: heardAt + 60_000, lastHeardAt: heardAt, reason: 'Controller not answering' }, status(door, ['closed'], changedAt), heardAt + 120_000);
    expect(text).toBe(`last heard ${clockTime(heardAt)} — Controller not answering`);
    expect(text).not.toContain(clockTime(changedAt));
  });

  it('says it was never heard from when main never heard about it', () => {
    expect(staleText({ href: door.href, state: 'stale', since: 1 }, undefined, 2)).toBe('never heard from');
  });

  it('gives the status age when only the connection is down', () => {
    expect(staleText(undefined, status(door, ['closed'], changedAt), changedAt + 5 * 60_000)).toMatch(/^as of .*5 min ago$/);
    expect(staleText(undefined, undefined, 1)).toBe('never reported');
  });
});

describe('windowing a floor group', () => {
  const shape = { columns: 4, rowHeight: 100 };

  it('renders only the rows on screen and two either side', () => {
    // 10,000 tiles = 2,500 rows; scrolled 50,000 px into the group on an 800 px window.
    expect(visibleRows(10_000, shape, -50_000, 800)).toEqual({ firstRow: 498, endRow: 510 });
  });

  it('renders nothing of a group far below the screen, and clamps at both ends', () => {
    expect(visibleRows(40, shape, 5_000, 800)).toEqual({ firstRow: 0, endRow: 0 });
    expect(visibleRows(40, shape, -50_000, 800)).toEqual({ firstRow: 10, endRow: 10 });
    expect(visibleRows(40, shape, 0, 800)).toEqual({ firstRow: 0, endRow: 10 });
    expect(visibleRows(0, shape, 0, 800)).toEqual({ firstRow: 0, endRow: 0 });
  });

  it('fits as many columns as the width allows, at least one', () => {
    expect(columnsFor(1240, 280, 12)).toBe(4);
    expect(columnsFor(100, 280, 12)).toBe(1);
  });
});

describe('one verdict colour rule', () => {
  it('maps verdicts to the shared colours: grey for both offline and unknown', () => {
    expect(['normal', 'attention', 'alarm', 'offline', 'unknown'].map((v) => colourClass(v as never))).toEqual([
      'colour-green',
      'colour-amber',
      'colour-red',
      'colour-grey',
      'colour-grey',
    ]);
  });
});
