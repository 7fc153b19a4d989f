import { describe, expect, it } from 'vitest';
import { readMacro } from '../../../shared/status/macro';

describe('macro status reading', () => {
  it('normally none: no flags is normal', () => {
    expect(readMacro([])).toEqual({ verdict: 'normal', words: [], reasons: [] });
  });

  it('experimental closed flag is shown but never relied on', () => {
    const reading = readMacro(['closed']);
    expect(reading.verdict).toBe('normal');
    expect(reading.words).toEqual(['closed (experimental flag, not relied on)']);
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readMacro(['running'])).toMatchObject({ verdict: 'attention', reasons: ['Unrecognised flag: running'] });
  });
});
