import { describe, expect, it } from 'vitest';
import { staleText } from '../../../renderer/src/board/lib/staleness';
import { columnsFor, visibleRows } from '../../../renderer/src/board/lib/windowing';
import { colourClass } from '../../../renderer/src/board/lib/verdict-style';
import { groupOnScreen, placeGroups, ROW_PX, SIZES } from '../../../renderer/src/board/lib/board-layout';
import { clockTime, clockTimeSeconds } from '../../../renderer/src/lib/time/age';
import { item, status } from './fixtures';

describe('a stale tile', () => {
  const door = item('Dock');
  const heardAt = new Date(2026, 10, 23, 14, 2).getTime();
  const changedAt = new Date(2026, 10, 23, 9, 0).getTime();

  it('says when the desk last heard about the item, not when the item last changed, and why', () => {
    const text = staleText({ href: door.href, state: 'stale', since: heardAt + 5 * 60_000, lastHeardAt: heardAt, reason: 'Controller not answering' }, status(door, ['closed'], changedAt), heardAt + 6 * 60_000);
    expect(text).toBe(`not live since ${clockTimeSeconds(heardAt + 5 * 60_000)}, last heard ${clockTime(heardAt)} — Controller not answering`);
    expect(text).not.toContain(clockTime(changedAt));
  });

  it('says since when, to the second, and leaves out a last-heard time in the same minute', () => {
    const since = new Date(2026, 10, 23, 14, 2, 37).getTime();
    expect(staleText({ href: door.href, state: 'stale', since, lastHeardAt: since - 3_000, reason: 'The server has stopped answering' }, undefined, since)).toBe(
      'not live since 14:02:37 — The server has stopped answering',
    );
  });

  it('says it was never heard from when main never heard about it', () => {
    expect(staleText({ href: door.href, state: 'stale', since: new Date(2026, 10, 23, 14, 2, 5).getTime() }, undefined, 2)).toBe('not live since 14:02:05, never heard from');
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

describe('placing groups on the board without measuring them', () => {
  it('stacks groups by arithmetic and renders rows only for the groups on screen', () => {
    const groups = [
      { count: 8, collapsed: false },
      { count: 100, collapsed: true },
      { count: 4_000, collapsed: false },
    ];
    const placed = placeGroups(groups, 4, 0, 800);
    expect(placed.map((g) => g.top)).toEqual([0, SIZES.heading + 2 * ROW_PX - SIZES.gap, 2 * SIZES.heading + 2 * ROW_PX - SIZES.gap]);
    expect(placed[1]!.rows).toEqual({ firstRow: 0, endRow: 0 });
    expect(placed.map((g) => groupOnScreen(g, 0, 800))).toEqual([true, true, true]);
    // Scrolled far into the third group: the first two are off screen, and the third renders a few rows.
    const far = placeGroups(groups, 4, -100_000, 800);
    expect(far.slice(0, 2).map((g) => groupOnScreen(g, -100_000, 800))).toEqual([false, false]);
    const rows = far[2]!.rows;
    expect(rows.endRow - rows.firstRow).toBeLessThan(12);
  });
});
