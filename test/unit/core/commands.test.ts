import { describe, expect, it } from 'vitest';
import { commandBody, commandHref } from '../../../electron/core/api/commands';

const now = new Date('2026-11-21T12:00:00Z');
const zone = {
  name: 'Lobby',
  commands: { free: { href: 'https://s/api/access_zones/1/free' }, setZoneCount: { href: 'https://s/api/access_zones/1/set_zone_count' } },
};

describe('commandHref: only links the server gave', () => {
  it('takes the href from the commands map', () => {
    expect(commandHref(zone, 'setZoneCount')).toBe('https://s/api/access_zones/1/set_zone_count');
  });

  it('uses the base command href for an Until variant the map lacks (the spec gives both the same href)', () => {
    expect(commandHref(zone, 'freeUntil')).toBe('https://s/api/access_zones/1/free');
  });

  it('refuses a command the server did not offer', () => {
    expect(() => commandHref(zone, 'lockDown')).toThrow(/does not offer "lockDown" on Lobby/);
    expect(() => commandHref({ name: 'Door 1' }, 'open')).toThrow(/does not offer/);
  });

  it('refuses object-prototype keys as commands, naming them (not an internal error)', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'constructorUntil', '__proto__Until']) {
      expect(() => commandHref(zone, key)).toThrow(new RegExp(`does not offer "${key}" on Lobby`));
      expect(() => commandHref({ name: 'Door 1' }, key)).toThrow(/does not offer/);
    }
  });
});

describe('commandBody: the spec body, checked before sending', () => {
  it('sends no body for plain commands', () => {
    expect(commandBody({ command: 'open' }, now)).toBeUndefined();
    expect(commandBody({ command: 'lockDown' }, now)).toBeUndefined();
  });

  it('sends the end time of an Until command as ISO 8601', () => {
    expect(commandBody({ command: 'armUntil', endTime: '2026-11-21T14:00:00+01:00' }, now)).toEqual({ endTime: '2026-11-21T13:00:00.000Z' });
  });

  it('refuses an end time in the past or more than 24 hours ahead, and a missing one', () => {
    expect(() => commandBody({ command: 'freeUntil', endTime: '2026-11-21T11:00:00Z' }, now)).toThrow(/already passed/);
    expect(() => commandBody({ command: 'freeUntil', endTime: '2026-11-22T13:00:00Z' }, now)).toThrow(/24 hours/);
    expect(() => commandBody({ command: 'freeUntil' }, now)).toThrow(/needs an end time/);
  });

  it('refuses an end time on a command without Until, rather than silently dropping it', () => {
    expect(() => commandBody({ command: 'free', endTime: '2026-11-21T13:00:00Z' }, now)).toThrow(/use freeUntil/);
  });

  it('sends setZoneCount with its integer count, and refuses counts elsewhere or missing', () => {
    expect(commandBody({ command: 'setZoneCount', zoneCount: 12 }, now)).toEqual({ zoneCount: 12 });
    expect(() => commandBody({ command: 'setZoneCount' }, now)).toThrow(/needs a zone count/);
    expect(() => commandBody({ command: 'setZoneCount', zoneCount: -1 }, now)).toThrow(/not a zone count/);
    expect(() => commandBody({ command: 'free', zoneCount: 3 }, now)).toThrow(/takes no zone count/);
  });
});
