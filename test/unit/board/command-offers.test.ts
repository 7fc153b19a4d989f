import { describe, expect, it } from 'vitest';
import { parsePayload } from '../../../electron/core/api/payload';
import { AlarmZone } from '../../../electron/core/api/item-schemas';
import { commandHref } from '../../../electron/core/api/commands';
import { commandOffers, sendableCommands } from '../../../electron/core/board/command-offers';
import { fallbackName } from '../../../electron/core/board/divisions';

describe('command offers', () => {
  const zone = parsePayload(
    AlarmZone,
    {
      href: 'h',
      id: '1',
      name: 'Perimeter',
      commands: {
        arm: { href: 'https://s/arm', name: 'Arm' },
        user1: { name: 'Night mode', disabled: 'Not permitted while the zone is in entry delay' },
        user2: { name: 'Weekend', disabled: true },
      },
    },
    'Alarm zone search',
  );

  it('accepts a command without an href when it carries a disabled reason, keeping the site\'s names', () => {
    expect(commandOffers(zone.commands)).toEqual([
      { key: 'arm', name: 'Arm' },
      { key: 'user1', name: 'Night mode', disabled: 'Not permitted while the zone is in entry delay' },
      { key: 'user2', name: 'Weekend', disabled: 'The server offers this command but will not take it now' },
    ]);
  });

  it('lists only the commands with an href as sendable', () => {
    expect(sendableCommands(commandOffers(zone.commands))).toEqual(['arm']);
  });

  it('refuses to send a disabled command, saying why', () => {
    expect(() => commandHref(zone, 'user1')).toThrow(/not now: Not permitted while the zone is in entry delay/);
  });

  it('refuses a command with neither an href nor a reason, naming the field', () => {
    expect(() => parsePayload(AlarmZone, { href: 'h', id: '1', name: 'Z', commands: { arm: { name: 'Arm' } } }, 'x')).toThrow(
      /commands\.arm/,
    );
  });
});

describe('division names', () => {
  it('falls back to the id, then the last part of the href', () => {
    expect(fallbackName({ href: 'https://s/api/divisions/north', id: 'N1' })).toBe('N1');
    expect(fallbackName({ href: 'https://s/api/divisions/north%20wing/' })).toBe('north wing');
  });
});
