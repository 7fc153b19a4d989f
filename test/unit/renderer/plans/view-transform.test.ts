import { describe, expect, it } from 'vitest';
import { clampPan, MAX_ZOOM, panBy, resetView, toFraction, toScreen, wheelFactor, zoomAbout, ZOOM_STEP } from '../../../../renderer/src/plans/lib/view-transform';

const plan = { width: 2000, height: 1000 };
const viewport = { width: 1000, height: 800 };

describe('plan zoom and pan', () => {
  it('fits a wide drawing to the width and centres it', () => {
    const view = resetView(plan, viewport);
    expect(view).toEqual({ zoom: 1, x: 0, y: 150 });
    expect(toScreen({ x: 0.5, y: 0.5 }, view, plan, viewport)).toEqual({ x: 500, y: 400 });
  });

  it('keeps the point under the pointer still while zooming', () => {
    const view = resetView(plan, viewport);
    const at = { x: 250, y: 300 };
    const before = toFraction(at, view, plan, viewport);
    const zoomed = zoomAbout(view, 2, at, plan, viewport);
    expect(zoomed.zoom).toBe(2);
    const after = toFraction(at, zoomed, plan, viewport);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('never zooms out past the fitted drawing or in past the limit', () => {
    const view = resetView(plan, viewport);
    expect(zoomAbout(view, 0.1, { x: 0, y: 0 }, plan, viewport).zoom).toBe(1);
    expect(zoomAbout(view, 1000, { x: 0, y: 0 }, plan, viewport).zoom).toBe(MAX_ZOOM);
  });

  it('does not let a pan push the drawing off screen', () => {
    const zoomed = zoomAbout(resetView(plan, viewport), 2, { x: 500, y: 400 }, plan, viewport);
    const far = panBy(zoomed, 10_000, 10_000, plan, viewport);
    expect(far.x).toBe(0);
    expect(far.y).toBe(0);
    const other = panBy(zoomed, -10_000, -10_000, plan, viewport);
    expect(other.x).toBe(1000 - 2000);
    expect(other.y).toBe(800 - 1000);
    // At zoom 1 the drawing is narrower than the viewport's height: it stays centred that way.
    expect(clampPan({ zoom: 1, x: 0, y: -500 }, plan, viewport).y).toBe(150);
  });

  it('turns one wheel notch into one zoom step, either way', () => {
    expect(wheelFactor(-100)).toBeCloseTo(ZOOM_STEP);
    expect(wheelFactor(100)).toBeCloseTo(1 / ZOOM_STEP);
  });

  it('maps screen points to fractions of the drawing and back', () => {
    const view = zoomAbout(resetView(plan, viewport), 3, { x: 100, y: 700 }, plan, viewport);
    const fraction = { x: 0.31, y: 0.77 };
    const back = toFraction(toScreen(fraction, view, plan, viewport), view, plan, viewport);
    expect(back.x).toBeCloseTo(0.31, 9);
    expect(back.y).toBeCloseTo(0.77, 9);
  });
});
