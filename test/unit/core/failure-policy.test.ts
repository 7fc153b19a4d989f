import { describe, expect, it } from 'vitest';
import { DeskError, type ErrorCode } from '../../../shared/errors';
import { failureKind, isFinal, isTransient } from '../../../electron/core/api/failure-policy';
import { backoffDelay } from '../../../shared/backoff';

const kindOf = (code: ErrorCode) => failureKind(new DeskError(code, 'x'));

describe('the failure policy: one rule for the session, the watchers and GET retries', () => {
  it('never retries a refused key or a refused server certificate', () => {
    expect(kindOf('unauthorised')).toBe('final');
    expect(kindOf('certificate')).toBe('final');
    expect(isFinal(new DeskError('unauthorised', 'x'))).toBe(true);
    expect(isTransient(new DeskError('unauthorised', 'x'))).toBe(false);
  });

  it('retries soon what may work next time: dropped connections, timeouts, 5xx', () => {
    for (const code of ['network', 'timeout', 'server-error'] as const) expect(kindOf(code)).toBe('transient');
  });

  it('treats an answer that is not what was asked as persistent: shown stale, tried again slowly', () => {
    for (const code of ['licence', 'forbidden', 'invalid-response', 'not-found', 'bad-request'] as const) {
      expect(kindOf(code)).toBe('persistent');
    }
  });
});

describe('backoffDelay: the one back-off of the core and the renderer', () => {
  it('doubles per attempt within the upper half of its ceiling, up to the maximum', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, 100, 1000, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, 100, 1000, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('does not overflow after very many attempts', () => {
    expect(backoffDelay(5_000, 100, 1000, () => 1)).toBe(1000);
  });
});
