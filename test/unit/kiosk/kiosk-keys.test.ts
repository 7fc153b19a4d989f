import { describe, expect, it } from 'vitest';
import { isEscapeKey } from '../../../electron/shells/electron-main/kiosk-guard';

const key = (key: string, mods: Partial<{ control: boolean; meta: boolean; alt: boolean; shift: boolean }> = {}) => ({
  type: 'keyDown' as const,
  key,
  control: false,
  meta: false,
  alt: false,
  shift: false,
  ...mods,
});

describe('keys the kiosk swallows', () => {
  it('blocks quitting, closing, reloading, devtools and leaving full screen', () => {
    for (const input of [key('q', { control: true }), key('Q', { meta: true }), key('F4', { alt: true }), key('w', { control: true }),
      key('r', { control: true }), key('I', { control: true, shift: true }), key('F11'), key('F12'), key('F5')]) {
      expect(isEscapeKey(input), JSON.stringify(input)).toBe(true);
    }
  });

  it('lets the desk be used: typing, arrows, Enter, Esc, / and Ctrl+C', () => {
    for (const input of [key('a'), key('ArrowDown'), key('Enter'), key('Escape'), key('/'), key('c', { control: true }), key('4', { alt: true })]) {
      expect(isEscapeKey(input), JSON.stringify(input)).toBe(false);
    }
    expect(isEscapeKey({ ...key('q', { control: true }), type: 'keyUp' } as never)).toBe(false);
  });
});
