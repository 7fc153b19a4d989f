import { describe, expect, it } from 'vitest';
import { nudged, onPlan, snap, snapPoint } from '../../../../renderer/src/plans/lib/pin-grid';

describe('pin grid', () => {
  it('snaps to whole percent and keeps pins on the plan', () => {
    expect(snap(0.123)).toBe(0.12);
    expect(snap(0.125)).toBe(0.13);
    expect(snap(0.07)).toBe(0.07);
    expect(snap(-0.2)).toBe(0);
    expect(snap(1.4)).toBe(1);
    expect(snapPoint({ x: 0.5049, y: 0.999 })).toEqual({ x: 0.5, y: 1 });
  });

  it('tells a drop on the drawing from one beside it', () => {
    expect(onPlan({ x: 0, y: 1 })).toBe(true);
    expect(onPlan({ x: -0.01, y: 0.5 })).toBe(false);
    expect(onPlan({ x: 0.5, y: 1.2 })).toBe(false);
  });

  it('nudges one step with an arrow, five with Shift, and not past the edge', () => {
    expect(nudged({ x: 0.5, y: 0.5 }, 'ArrowLeft', false)).toEqual({ x: 0.49, y: 0.5 });
    expect(nudged({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.55 });
    expect(nudged({ x: 0.99, y: 0 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0 });
    expect(nudged({ x: 0.5, y: 0 }, 'ArrowUp', false)).toEqual({ x: 0.5, y: 0 });
    expect(nudged({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeUndefined();
  });
});
