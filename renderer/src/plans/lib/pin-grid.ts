/** Pins snap to a grid of 1 % of the plan's width and height: close enough for a door, and easy to line up. */
export const SNAP = 0.01;

/** A fraction of the plan snapped to the grid and kept on the plan (0…1). */
export function snap(value: number, grid = SNAP): number {
  const clamped = Math.min(1, Math.max(0, value));
  // Rounded to the grid, then to 4 places so 0.07 stays 0.07 and not 0.07000000000000001.
  return Math.round(Math.round(clamped / grid) * grid * 10_000) / 10_000;
}

export function snapPoint(point: { x: number; y: number }): { x: number; y: number } {
  return { x: snap(point.x), y: snap(point.y) };
}

/** Whether a point is over the drawing at all (a drop beside it places nothing). */
export function onPlan(point: { x: number; y: number }): boolean {
  return point.x >= 0 && point.x <= 1 && point.y >= 0 && point.y <= 1;
}

const NUDGES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Where an arrow key moves a pin: one grid step, five with Shift; undefined for any other key. */
export function nudged(pin: { x: number; y: number }, key: string, big: boolean): { x: number; y: number } | undefined {
  const step = NUDGES[key];
  if (!step) return undefined;
  const by = SNAP * (big ? 5 : 1);
  return { x: snap(pin.x + step[0] * by), y: snap(pin.y + step[1] * by) };
}
