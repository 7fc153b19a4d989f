import { describe, expect, it } from 'vitest';
import { VERDICT_COLOUR, readStatus } from '../../../shared/status';

describe('readStatus by item kind', () => {
  it('applies each kind its own rules (the same flag means different things)', () => {
    // `open` alone: a normal input, a door in error (no lock state or mode), a normal interlock group.
    expect(readStatus('input', ['open']).verdict).toBe('normal');
    expect(readStatus('door', ['open']).verdict).toBe('alarm');
    expect(readStatus('interlockGroup', ['open']).verdict).toBe('normal');
    expect(readStatus('accessZone', ['secure']).verdict).toBe('normal');
    expect(readStatus('alarmZone', ['armed']).verdict).toBe('normal');
    expect(readStatus('fenceZone', ['on', 'lowFeel']).verdict).toBe('normal');
    expect(readStatus('macro', []).verdict).toBe('normal');
  });

  it('colours: green normal, amber attention, red alarm, grey offline and unknown', () => {
    expect(VERDICT_COLOUR[readStatus('door', ['closed', 'locked', 'secure']).verdict]).toBe('green');
    expect(VERDICT_COLOUR[readStatus('alarmZone', ['disarmed']).verdict]).toBe('amber');
    expect(VERDICT_COLOUR[readStatus('input', ['isolated', 'closed']).verdict]).toBe('amber');
    expect(VERDICT_COLOUR[readStatus('door', ['closed', 'locked', 'secure', 'tamper']).verdict]).toBe('red');
    expect(VERDICT_COLOUR[readStatus('door', ['controllerOffline']).verdict]).toBe('grey');
    expect(VERDICT_COLOUR[readStatus('input', ['notPolled']).verdict]).toBe('grey');
    expect(VERDICT_COLOUR[readStatus('door', ['unknown']).verdict]).toBe('grey');
  });
});
