import { describe, expect, it } from 'vitest';
import { PlanUploads } from '../../../electron/core/plans/plan-uploads';

describe('a file arriving in parts', () => {
  it('is handed over whole once, in the order its parts came', () => {
    const uploads = new PlanUploads<string>();
    const id = uploads.begin('plan', 'a.png', 6);
    expect(uploads.part(id, Buffer.from('abc'))).toBe(3);
    expect(uploads.part(id, Buffer.from('def'))).toBe(6);
    expect(uploads.finish(id)).toMatchObject({ purpose: 'plan', fileName: 'a.png', bytes: Buffer.from('abcdef') });
    expect(() => uploads.finish(id)).toThrow(/no longer open/);
  });

  it('is stopped when it sends more than it announced, and refused when it arrives short', () => {
    const uploads = new PlanUploads<string>();
    const over = uploads.begin('plan', 'a.png', 2);
    expect(() => uploads.part(over, Buffer.from('abc'))).toThrow(/sent more than the 2 bytes it announced/);
    expect(() => uploads.part(over, Buffer.from('a'))).toThrow(/no longer open/);
    const short = uploads.begin('plan', 'b.png', 5);
    uploads.part(short, Buffer.from('ab'));
    expect(() => uploads.finish(short)).toThrow(/arrived incomplete \(2 of 5 bytes\): nothing was changed/);
  });

  it('is dropped after ten idle minutes', () => {
    let now = 0;
    const uploads = new PlanUploads<string>(() => now);
    const id = uploads.begin('plan', 'a.png', 2);
    now = 10 * 60 * 1000 + 1;
    expect(() => uploads.part(id, Buffer.from('ab'))).toThrow(/no longer open/);
  });
});
