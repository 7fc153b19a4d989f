import { describe, expect, it } from 'vitest';
import { readStatus, VERDICT_COLOUR } from '../../../shared/status';
import { readOutput } from '../../../shared/status/output';

// cc_rest.yaml, Outputs, "Output status flags": closed = on, open = off; relayStateUnknown, pulsed,
// switchingDisabled; overridden may appear online or offline. "If and only if the output is online,
// one of 'relayStateUnknown', 'closed', or 'open' will appear."
describe('output status reading', () => {
  it('says On for a closed relay and Off for an open one; both are normal (on is information, not an alarm)', () => {
    expect(readOutput(['open'])).toEqual({ verdict: 'normal', words: ['Off'], reasons: [] });
    expect(readOutput(['closed'])).toEqual({ verdict: 'normal', words: ['On'], reasons: [] });
    expect(readStatus('output', ['closed']).verdict).toBe('normal');
  });

  it('an override is deliberate: amber, and still says whether the relay is on', () => {
    expect(readOutput(['closed', 'overridden'])).toEqual({ verdict: 'attention', words: ['On', 'Overridden'], reasons: ['Overridden'] });
    expect(VERDICT_COLOUR[readOutput(['open', 'overridden']).verdict]).toBe('amber');
  });

  it('a pulse in progress is on, pulsed and overridden', () => {
    expect(readOutput(['closed', 'pulsed', 'overridden'])).toMatchObject({ verdict: 'attention', words: ['On', 'Pulsed', 'Overridden'] });
  });

  it('switching disabled and a relay state its controller does not know are amber with their reason', () => {
    expect(readOutput(['open', 'switchingDisabled'])).toMatchObject({ verdict: 'attention', reasons: ['Switching disabled'] });
    expect(readOutput(['relayStateUnknown'])).toMatchObject({ verdict: 'attention', reasons: ['Relay state unknown'] });
  });

  it('online: exactly one of relayStateUnknown / closed / open, else in error (red)', () => {
    expect(readOutput([]).reasons).toEqual(['In error: no relay state reported (none of relay state unknown / on / off)']);
    expect(readOutput(['open', 'closed'])).toMatchObject({ verdict: 'alarm', reasons: ['In error: more than one relay state (on / off)'] });
    expect(readOutput(['overridden']).verdict).toBe('alarm');
  });

  it('offline: grey with its reason; overridden is the one flag allowed beside it', () => {
    expect(readOutput(['controllerOffline'])).toEqual({ verdict: 'offline', words: ['Controller offline'], reasons: ['Controller offline'] });
    expect(readOutput(['controllerOffline', 'overridden'])).toEqual({
      verdict: 'offline',
      words: ['Controller offline', 'Overridden'],
      reasons: ['Controller offline', 'An override is in effect'],
    });
    expect(readOutput(['unknown', 'overridden']).verdict).toBe('unknown');
    // Any other flag beside an abnormal one cannot be current.
    expect(readOutput(['controllerOffline', 'closed']).reasons[1]).toMatch(/^In error: also reported On/);
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readOutput(['open', 'smoking'])).toMatchObject({ verdict: 'attention', words: ['Off', 'smoking'] });
  });
});
