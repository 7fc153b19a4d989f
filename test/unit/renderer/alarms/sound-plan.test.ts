import { describe, expect, it } from 'vitest';
import { actionsOffReason, queueAsOf, waited } from '../../../../renderer/src/alarms/lib/alarm-words';
import { planSound } from '../../../../renderer/src/alarms/lib/sound-plan';

describe('the sound for server alarms', () => {
  it('repeats while an alarm of priority 8 or 9 is unacknowledged', () => {
    expect(planSound([{ id: 'a', priority: 8 }], new Set(), false)).toMatchObject({ repeat: true, chime: false });
    expect(planSound([{ id: 'a', priority: 9 }, { id: 'b', priority: 2 }], new Set(), false)).toMatchObject({ repeat: true });
  });

  it('chimes once for each new lower-priority alarm, never again for one already heard', () => {
    const first = planSound([{ id: 'a', priority: 5 }], new Set(), false);
    expect(first).toMatchObject({ repeat: false, chime: true });
    expect(planSound([{ id: 'a', priority: 5 }], first.heard, false)).toMatchObject({ repeat: false, chime: false });
    expect(planSound([{ id: 'a', priority: 5 }, { id: 'b', priority: 1 }], first.heard, false).chime).toBe(true);
  });

  it('is silent while muted, and does not chime afterwards for what arrived meanwhile', () => {
    const muted = planSound([{ id: 'a', priority: 9 }, { id: 'b', priority: 3 }], new Set(), true);
    expect(muted).toMatchObject({ repeat: false, chime: false });
    // The mute is over: the loud one still sounds, the low one was already on screen.
    expect(planSound([{ id: 'a', priority: 9 }, { id: 'b', priority: 3 }], muted.heard, false)).toMatchObject({ repeat: true, chime: false });
    expect(planSound([{ id: 'b', priority: 3 }], muted.heard, false)).toMatchObject({ repeat: false, chime: false });
  });
});

describe('the queue in words', () => {
  it('says how long an alarm has waited, to the second in the first minute', () => {
    expect(waited(0, 42_000)).toBe('42 s');
    expect(waited(0, 4 * 60_000 + 5_000)).toBe('4 min');
    expect(waited(0, 125 * 60_000)).toBe('2 h 5 min');
  });

  it('gives the queue\'s age when not live', () => {
    const heard = new Date(2026, 10, 27, 14, 3, 27).getTime();
    expect(queueAsOf(heard, heard + 4 * 60_000)).toBe('as of 14:03:27 (4 min ago)');
  });

  it('says why actions are off, and nothing when they are on', () => {
    expect(actionsOffReason({ source: 'server', live: true, behind: false }, true)).toBeUndefined();
    expect(actionsOffReason({ source: 'server', live: false, behind: false, reason: 'The server is not answering' }, true)).toMatch(
      /^Not live: The server is not answering\. .*nothing is queued/,
    );
    expect(actionsOffReason({ source: 'server', live: true, behind: false }, false)).toMatch(/Not connected to Gatehouse/);
    expect(actionsOffReason({ source: 'unlicensed', live: true, behind: false }, true)).toMatch(/no alarm licence/);
  });
});
