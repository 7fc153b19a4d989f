import { describe, expect, it } from 'vitest';
import { calls } from '../../../shared/contract';
import { PLAN_PART_BYTES } from '../../../shared/contract/plans';
import { MAX_CALL_MESSAGE_BYTES } from '../../../shared/wire';

describe('plan parts and the 1 MiB call limit', () => {
  it('the largest import part the contract takes still fits one call message', () => {
    const base64 = Buffer.alloc(PLAN_PART_BYTES, 0xff).toString('base64');
    const params = { upload: 'f'.repeat(64), base64 };
    expect(calls['plans.importPart'].params.parse(params)).toEqual(params);
    const message = JSON.stringify({ type: 'call', id: Number.MAX_SAFE_INTEGER, name: 'plans.importPart', params });
    expect(Buffer.byteLength(message)).toBeLessThan(MAX_CALL_MESSAGE_BYTES);
  });

  it('a part larger than PLAN_PART_BYTES, or one that is not Base64, is refused by the contract', () => {
    const tooBig = Buffer.alloc(PLAN_PART_BYTES + 3).toString('base64');
    expect(calls['plans.importPart'].params.safeParse({ upload: 'u', base64: tooBig }).success).toBe(false);
    expect(calls['plans.importPart'].params.safeParse({ upload: 'u', base64: 'not base64!' }).success).toBe(false);
  });

  it('a pin off the plan is refused by the contract', () => {
    expect(calls['plans.placePin'].params.safeParse({ floor: 'floor:/g:1', pin: { href: '/api/doors/1', x: 1.2, y: 0.5 } }).success).toBe(false);
  });
});
