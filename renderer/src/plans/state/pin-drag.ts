/** A pin or a listed item being dragged towards the plan: where the pointer is, and how far it has come. */
export interface PinDrag {
  href: string;
  name: string;
  pointerId: number;
  startX: number;
  startY: number;
  clientX: number;
  clientY: number;
}

/** Below this a press is a click (open the panel, choose the item), not a drag. */
export const DRAG_PX = 6;

export function dragged(drag: PinDrag): boolean {
  return Math.hypot(drag.clientX - drag.startX, drag.clientY - drag.startY) > DRAG_PX;
}
