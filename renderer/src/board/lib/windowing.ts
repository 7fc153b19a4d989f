/** A group's grid as laid out: how many tiles a row holds and how tall a row is (tile and gap). */
export interface GridShape {
  columns: number;
  rowHeight: number;
}

/** Which rows of a group to render: only those on screen, and a few either side so arrows and scrolling find tiles there. */
export interface RowWindow {
  firstRow: number;
  /** One past the last row to render. */
  endRow: number;
}

/**
 * The rows of a group that meet the viewport. `groupTop` is the grid's top edge relative to the
 * viewport's top (negative once scrolled past); `viewportHeight` the window's height.
 */
export function visibleRows(count: number, shape: GridShape, groupTop: number, viewportHeight: number, overscan = 2): RowWindow {
  const rows = Math.ceil(count / Math.max(1, shape.columns));
  if (rows === 0 || shape.rowHeight <= 0) return { firstRow: 0, endRow: rows };
  const first = Math.floor(-groupTop / shape.rowHeight) - overscan;
  const end = Math.ceil((viewportHeight - groupTop) / shape.rowHeight) + overscan;
  const firstRow = Math.min(rows, Math.max(0, first));
  return { firstRow, endRow: Math.max(firstRow, Math.min(rows, end)) };
}

/** How many tiles of at least `minWidth` fit across `width` with `gap` between them. */
export function columnsFor(width: number, minWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}

/** The blank space, in pixels, that stands in for a table's rows left out above and below its window. */
export function spaceAround(window: RowWindow, rows: number, rowHeight: number): { above: number; below: number } {
  return { above: window.firstRow * rowHeight, below: Math.max(0, rows - window.endRow) * rowHeight };
}

/**
 * How far to scroll the page so that row `index` of a windowed table stands in the middle of the
 * screen, or undefined when the row is in the page already (a guard's place is not moved for nothing).
 * `bodyTop` is the table body's top edge relative to the viewport's top.
 */
export function scrollToReveal(index: number, window: RowWindow, bodyTop: number, rowHeight: number, viewportHeight: number): number | undefined {
  if (index < 0 || (index >= window.firstRow && index < window.endRow)) return undefined;
  return bodyTop + index * rowHeight - viewportHeight / 2;
}
