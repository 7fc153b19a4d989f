import { describe, expect, it } from 'vitest';
import { nextTile, type Box } from '../../../renderer/src/board/lib/grid-navigation';

// Two rows of three tiles (100×50, 10 apart), then a group heading, then a row of two.
const box = (col: number, top: number): Box => ({ left: col * 110, top, width: 100, height: 50 });
const boxes = [box(0, 0), box(1, 0), box(2, 0), box(0, 60), box(1, 60), box(2, 60), box(0, 180), box(1, 180)];

describe('arrow keys between tiles', () => {
  it('steps left and right in reading order, stopping at the ends', () => {
    expect(nextTile(boxes, 2, 'right')).toBe(3);
    expect(nextTile(boxes, 3, 'left')).toBe(2);
    expect(nextTile(boxes, 0, 'left')).toBe(0);
    expect(nextTile(boxes, 7, 'right')).toBe(7);
  });

  it('moves up and down to the nearest row, keeping the column', () => {
    expect(nextTile(boxes, 1, 'down')).toBe(4);
    expect(nextTile(boxes, 4, 'up')).toBe(1);
    expect(nextTile(boxes, 4, 'down')).toBe(7);
  });

  it('goes to the closest tile when the next row is shorter, and stays put at the edge', () => {
    expect(nextTile(boxes, 5, 'down')).toBe(7);
    expect(nextTile(boxes, 0, 'up')).toBe(0);
  });

  it('keeps the column when tiles in the next row differ in height', () => {
    // Row of three: the middle tile is taller, so its centre sits lower than its neighbours'.
    const uneven: Box[] = [
      { left: 0, top: 0, width: 100, height: 50 },
      { left: 110, top: 0, width: 100, height: 90 },
      { left: 220, top: 0, width: 100, height: 50 },
      { left: 0, top: 100, width: 100, height: 50 },
    ];
    expect(nextTile(uneven, 3, 'up')).toBe(0);
    expect(nextTile(uneven, 2, 'down')).toBe(3);
  });

  it('starts at the first tile when none is focused', () => {
    expect(nextTile(boxes, -1, 'down')).toBe(0);
    expect(nextTile([], -1, 'down')).toBe(-1);
  });
});
