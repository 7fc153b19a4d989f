import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/errors';
import { withRetry } from '../../../electron/core/api/retry';

const fast = { attempts: 3, baseMs: 1, maxMs: 2, random: () => 0 };

function failing(codes: DeskError['code'][], value = 'ok') {
  let calls = 0;
  const attempt = async () => {
    const code = codes[calls++];
    if (code) throw new DeskError(code, code);
    return value;
  };
  return { attempt, calls: () => calls };
}

describe('withRetry: GETs retried after transient failures only', () => {
  it('retries network, timeout and server errors until one succeeds', async () => {
    const f = failing(['network', 'server-error']);
    await expect(withRetry(f.attempt, fast)).resolves.toBe('ok');
    expect(f.calls()).toBe(3);
  });

  it('gives up after the attempts allowed, with the last error', async () => {
    const f = failing(['timeout', 'timeout', 'timeout', 'timeout']);
    await expect(withRetry(f.attempt, fast)).rejects.toMatchObject({ code: 'timeout' });
    expect(f.calls()).toBe(3);
  });

  it.each(['unauthorised', 'forbidden', 'licence', 'not-found', 'bad-request', 'invalid-response', 'certificate'] as const)(
    'never retries %s (a retried 401 would feed the failure-flood alarm)',
    async (code) => {
      const f = failing([code]);
      await expect(withRetry(f.attempt, fast)).rejects.toMatchObject({ code });
      expect(f.calls()).toBe(1);
    },
  );
});
