import { visibleRows, type GridShape, type RowWindow } from './windowing';

/** Fixed sizes (px) that let the board know every group's height without rendering it. */
export interface TileSizes {
  tile: number;
  gap: number;
  minTileWidth: number;
  /** A group's heading, with the space above and below it. */
  heading: number;
}

export const SIZES: TileSizes = { tile: 160, gap: 12, minTileWidth: 280, heading: 76 };

/** The compact density: a name and a state per tile, several times as many on a screen. */
export const COMPACT_SIZES: TileSizes = { tile: 60, gap: 6, minTileWidth: 225, heading: 64 };

export const ROW_PX = SIZES.tile + SIZES.gap;

export const rowPx = (sizes: TileSizes): number => sizes.tile + sizes.gap;

export interface PlacedGroup {
  /** Top of the group (its heading) from the top of the board's group list. */
  top: number;
  height: number;
  /** Rows of tiles to render; empty when collapsed or off screen. */
  rows: RowWindow;
}

/**
 * Where each group sits in the list and which of its rows are on screen, by arithmetic alone: with
 * 10,000 items over a thousand floors, measuring each group on every scroll would stall the desk.
 * `listTop` is the list's top edge relative to the viewport.
 */
export function placeGroups(
  groups: readonly { count: number; collapsed: boolean }[],
  columns: number,
  listTop: number,
  viewportHeight: number,
  sizes: TileSizes = SIZES,
): PlacedGroup[] {
  const row = rowPx(sizes);
  const shape: GridShape = { columns, rowHeight: row };
  let top = 0;
  return groups.map(({ count, collapsed }) => {
    const rows = collapsed ? 0 : Math.ceil(count / Math.max(1, columns));
    const grid = rows === 0 ? 0 : rows * row - sizes.gap;
    const placed: PlacedGroup = {
      top,
      height: sizes.heading + grid,
      rows: collapsed ? { firstRow: 0, endRow: 0 } : visibleRows(count, shape, listTop + top + sizes.heading, viewportHeight),
    };
    top += placed.height;
    return placed;
  });
}

/** Whether a group meets the viewport (with a margin), so it is rendered rather than left as space. */
export function groupOnScreen(group: PlacedGroup, listTop: number, viewportHeight: number, margin = 2 * ROW_PX): boolean {
  const top = listTop + group.top;
  return top + group.height >= -margin && top <= viewportHeight + margin;
}
