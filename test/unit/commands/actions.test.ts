import { describe, expect, it } from 'vitest';
import { chooseVariant, offeredActions } from '../../../shared/commands';

describe('offered actions', () => {
  it('groups a mode with its PIN and Until variants into one action', () => {
    const [free] = offeredActions('accessZone', ['freePinUntil', 'free', 'freeUntil', 'freePin']);
    expect(free).toMatchObject({ action: 'free', label: 'Free' });
    expect(chooseVariant(free!, { pin: false, until: false })?.key).toBe('free');
    expect(chooseVariant(free!, { pin: false, until: true })?.key).toBe('freeUntil');
    expect(chooseVariant(free!, { pin: true, until: false })?.key).toBe('freePin');
    expect(chooseVariant(free!, { pin: true, until: true })?.key).toBe('freePinUntil');
  });

  it('offers nothing the server did not offer', () => {
    const actions = offeredActions('accessZone', ['secure', 'lockDown']);
    expect(actions.map((a) => a.action)).toEqual(['secure', 'lockDown']);
    expect(chooseVariant(actions[0]!, { pin: true, until: false })).toBeUndefined();
    expect(chooseVariant(actions[0]!, { pin: false, until: true })).toBeUndefined();
    expect(offeredActions('macro', [])).toEqual([]);
  });

  it('keeps the order of the descriptions whatever order the server listed the keys in', () => {
    expect(offeredActions('door', ['lock', 'open']).map((a) => a.action)).toEqual(['open', 'lock']);
  });

  it('carries confirmation and zone count onto the action', () => {
    const [lockDown, setZoneCount] = offeredActions('accessZone', ['setZoneCount', 'lockDown']);
    expect(lockDown?.confirm).toBeDefined();
    expect(setZoneCount).toMatchObject({ takesZoneCount: true });
    expect(setZoneCount?.confirm).toBeUndefined();
  });

  it('lists a key the descriptions do not know last, as its own action', () => {
    const actions = offeredActions('door', ['holdOpen', 'open']);
    expect(actions.map((a) => [a.action, a.known])).toEqual([
      ['open', true],
      ['holdOpen', false],
    ]);
    expect(chooseVariant(actions[1]!, { pin: false, until: false })?.key).toBe('holdOpen');
  });
});
