/** A pin's label box on screen, px. */
export interface LabelBox {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Which pins show their name, the boxes taken in the order given: a pin whose label would cover one
 * already shown keeps only its state word and the name stays in its accessible name and tooltip, so a
 * crowded plan stays readable from across the room.
 */
export function labelsShown(boxes: readonly LabelBox[]): Set<string> {
  const shown: LabelBox[] = [];
  const keys = new Set<string>();
  for (const box of boxes) {
    if (shown.some((other) => overlaps(box, other))) continue;
    shown.push(box);
    keys.add(box.key);
  }
  return keys;
}
