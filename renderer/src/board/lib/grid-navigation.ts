/** A tile's box on screen, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

const centreX = (b: Box) => b.left + b.width / 2;

/**
 * Which tile the arrow keys move to, from the tiles' boxes in reading order. Left/right step through
 * reading order (so they cross group boundaries); up/down go to the nearest row above/below, then the
 * tile closest horizontally. Rows are told apart by their top edges, as tiles in a row may differ in
 * height. Stays put at the edges.
 */
export function nextTile(boxes: readonly Box[], current: number, direction: Direction): number {
  if (boxes.length === 0) return -1;
  if (current < 0 || current >= boxes.length) return 0;
  if (direction === 'left') return Math.max(0, current - 1);
  if (direction === 'right') return Math.min(boxes.length - 1, current + 1);

  const here = boxes[current]!;
  const below = direction === 'down';
  let best = current;
  let bestRow = Infinity;
  let bestCol = Infinity;
  boxes.forEach((box, i) => {
    const dy = below ? box.top - here.top : here.top - box.top;
    // Tops within half a tile of each other are the same row.
    if (dy <= Math.min(box.height, here.height) / 2) return;
    const dx = Math.abs(centreX(box) - centreX(here));
    const sameRowAsBest = Math.abs(dy - bestRow) <= Math.min(box.height, here.height) / 2;
    if ((!sameRowAsBest && dy < bestRow) || (sameRowAsBest && dx < bestCol)) {
      best = i;
      bestRow = sameRowAsBest ? Math.min(dy, bestRow) : dy;
      bestCol = dx;
    }
  });
  return best;
}

const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/** The way an arrow key points, or undefined for any other key. */
export function arrowDirection(key: string): Direction | undefined {
  return ARROWS[key];
}

/** A cell of a grid walked with the arrow keys (a tile, an overview count), as the page has it. */
export interface GridCell {
  getBoundingClientRect(): Box;
  focus(): void;
  scrollIntoView(options: { block: 'nearest' }): void;
}

/**
 * Moves the focus from `current` to the cell the arrow points to, brought into view. False at the grid's
 * edge, where the focus stays and the key is left to the page.
 */
export function focusNextCell(cells: readonly GridCell[], current: GridCell, direction: Direction): boolean {
  const next = nextTile(
    cells.map((c) => c.getBoundingClientRect()),
    cells.indexOf(current),
    direction,
  );
  if (next < 0) return false;
  cells[next]!.focus();
  cells[next]!.scrollIntoView({ block: 'nearest' });
  return true;
}
