import { describe, expect, it } from 'vitest';
import { planFileProblem } from '../../../../renderer/src/plans/lib/upload';

describe('a plan file checked in the page', () => {
  it('refuses what main would refuse before sending anything', () => {
    expect(planFileProblem({ name: 'level1.svg', size: 20_000 })).toBeUndefined();
    expect(planFileProblem({ name: 'LEVEL1.JPEG', size: 20_000 })).toBeUndefined();
    expect(planFileProblem({ name: 'huge.png', size: 50 * 1024 * 1024 })).toBe('huge.png is 50.0 MB, and a plan may be at most 10 MB: nothing was sent');
    expect(planFileProblem({ name: 'plan.pdf', size: 1_000 })).toBe('plan.pdf is not an SVG, PNG or JPEG file: nothing was sent');
    expect(planFileProblem({ name: 'empty.png', size: 0 })).toBe('empty.png is empty: nothing was sent');
  });
});
