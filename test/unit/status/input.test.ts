import { describe, expect, it } from 'vitest';
import { readInput } from '../../../shared/status/input';

describe('input status reading', () => {
  it('normal = closed or open present and tamper absent', () => {
    expect(readInput(['closed'])).toMatchObject({ verdict: 'normal', words: ['Closed'] });
    expect(readInput(['open'])).toMatchObject({ verdict: 'normal', words: ['Open'] });
  });

  it('online and not shunted: exactly one of closed/open', () => {
    expect(readInput([]).reasons).toEqual(['In error: neither open nor closed']);
    expect(readInput(['open', 'closed']).reasons).toEqual(['In error: both open and closed']);
  });

  it('closed/open may still appear with tamper, which needs action', () => {
    expect(readInput(['open', 'tamper'])).toMatchObject({ verdict: 'alarm', reasons: ['Tamper'] });
    expect(readInput(['closed', 'tamper']).verdict).toBe('alarm');
  });

  it('isolated is deliberately overridden (amber)', () => {
    expect(readInput(['closed', 'isolated'])).toMatchObject({ verdict: 'attention', reasons: ['Isolated'] });
  });

  it('notPolled (shunted) is grey and comes without closed/open', () => {
    expect(readInput(['notPolled']).verdict).toBe('unknown');
    expect(readInput(['notPolled', 'closed']).reasons[1]).toMatch(/^In error: /);
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readInput(['closed', 'short'])).toMatchObject({ verdict: 'attention', words: ['Closed', 'short'] });
  });
});
