/**
 * How the plan sits in its viewport: drawn at `zoom` times its fitted size, its top-left corner at
 * (`x`, `y`) px from the viewport's top-left. Pins are placed by these numbers rather than by a CSS
 * scale, so they stay the same size (and a finger's width) at any zoom.
 */
export interface ViewTransform {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
/** One press of + or −, one notch of the wheel is a fraction of it (see wheelFactor). */
export const ZOOM_STEP = 1.25;

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The plan's size at zoom 1: the whole drawing fits the viewport, keeping its proportions. */
export function fittedSize(plan: Size, viewport: Size): Size {
  if (plan.width <= 0 || plan.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(viewport.width / plan.width, viewport.height / plan.height);
  return { width: plan.width * scale, height: plan.height * scale };
}

/** Zoom 1, the drawing centred in the viewport. */
export function resetView(plan: Size, viewport: Size): ViewTransform {
  const fitted = fittedSize(plan, viewport);
  return { zoom: 1, x: (viewport.width - fitted.width) / 2, y: (viewport.height - fitted.height) / 2 };
}

/**
 * Keeps some of the drawing on screen: a drawing smaller than the viewport stays centred on that
 * axis, a larger one may not be pushed past its own edge (a guard never loses the plan off screen).
 */
export function clampPan(view: ViewTransform, plan: Size, viewport: Size): ViewTransform {
  const fitted = fittedSize(plan, viewport);
  const w = fitted.width * view.zoom;
  const h = fitted.height * view.zoom;
  const axis = (at: number, drawn: number, room: number) => (drawn <= room ? (room - drawn) / 2 : Math.min(0, Math.max(room - drawn, at)));
  return { zoom: view.zoom, x: axis(view.x, w, viewport.width), y: axis(view.y, h, viewport.height) };
}

/** Zooms by `factor` about a point of the viewport (the pointer, the pinch's centre, or the middle), which stays put. */
export function zoomAbout(view: ViewTransform, factor: number, at: { x: number; y: number }, plan: Size, viewport: Size): ViewTransform {
  const zoom = clampZoom(view.zoom * factor);
  const applied = zoom / view.zoom;
  return clampPan({ zoom, x: at.x - (at.x - view.x) * applied, y: at.y - (at.y - view.y) * applied }, plan, viewport);
}

export function panBy(view: ViewTransform, dx: number, dy: number, plan: Size, viewport: Size): ViewTransform {
  return clampPan({ zoom: view.zoom, x: view.x + dx, y: view.y + dy }, plan, viewport);
}

/** A wheel's deltaY as a zoom factor: one ordinary notch (100 px) is one ZOOM_STEP. */
export function wheelFactor(deltaY: number): number {
  return Math.pow(ZOOM_STEP, -deltaY / 100);
}

/** Where a fraction of the drawing (0…1 each way) is in the viewport, in px. */
export function toScreen(fraction: { x: number; y: number }, view: ViewTransform, plan: Size, viewport: Size): { x: number; y: number } {
  const fitted = fittedSize(plan, viewport);
  return { x: view.x + fraction.x * fitted.width * view.zoom, y: view.y + fraction.y * fitted.height * view.zoom };
}

/** Which fraction of the drawing a viewport point is over; outside the drawing gives values outside 0…1. */
export function toFraction(point: { x: number; y: number }, view: ViewTransform, plan: Size, viewport: Size): { x: number; y: number } {
  const fitted = fittedSize(plan, viewport);
  if (fitted.width === 0 || fitted.height === 0) return { x: 0.5, y: 0.5 };
  return { x: (point.x - view.x) / (fitted.width * view.zoom), y: (point.y - view.y) / (fitted.height * view.zoom) };
}
