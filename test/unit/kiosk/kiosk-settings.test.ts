import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTOSTART_FILE_NAME, desktopExecArgument, xdgAutostart } from '../../../electron/core/kiosk/autostart';
import { KioskSettings } from '../../../electron/core/kiosk/kiosk-settings';
import { silentLogger } from '../../../electron/core/log';
import type { JsonValue, SettingsStore } from '../../../electron/core/vault/settings/settings-store';
import { DeskError } from '../../../shared/errors';

function memoryStore(): SettingsStore & { data: Map<string, JsonValue> } {
  const data = new Map<string, JsonValue>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
}

function setup(profile: 'kiosk' | 'desk', now = () => 0) {
  const configHome = mkdtempSync(join(tmpdir(), 'gatehouse-xdg-'));
  const loginItem = xdgAutostart({ exec: `${desktopExecArgument('/opt/Gatehouse/gatehouse')} --log-level info`, env: { XDG_CONFIG_HOME: configHome } });
  const settings = memoryStore();
  let quits = 0;
  const kiosk = new KioskSettings(settings, { profile, loginItem, quit: () => quits++, logger: silentLogger, now });
  return { kiosk, settings, entry: join(configHome, 'autostart', AUTOSTART_FILE_NAME), quits: () => quits };
}

describe('autostart at login (XDG)', () => {
  it('is off by default for a desk and on by default for the kiosk profile', () => {
    const desk = setup('desk');
    desk.kiosk.applyAutostart();
    expect(existsSync(desk.entry)).toBe(false);
    const kiosk = setup('kiosk');
    kiosk.kiosk.applyAutostart();
    expect(readFileSync(kiosk.entry, 'utf8')).toContain('Exec=/opt/Gatehouse/gatehouse --log-level info\n');
  });

  it('writes a desktop entry that starts the desk, and removes it when turned off', () => {
    const { kiosk, entry } = setup('desk');
    expect(kiosk.setAutostart(true).autostart).toEqual({ supported: true, enabled: true, where: entry });
    const text = readFileSync(entry, 'utf8');
    expect(text.startsWith('[Desktop Entry]\nType=Application\nName=Gatehouse\n')).toBe(true);
    expect(text).toContain('X-GNOME-Autostart-enabled=true');
    expect(kiosk.setAutostart(false).autostart.enabled).toBe(false);
    expect(existsSync(entry)).toBe(false);
  });

  it('keeps the choice: a kiosk turned off stays off at the next start', () => {
    const { kiosk, entry } = setup('kiosk');
    kiosk.applyAutostart();
    kiosk.setAutostart(false);
    kiosk.applyAutostart();
    expect(existsSync(entry)).toBe(false);
  });

  it('does not count an entry someone else wrote as its own', () => {
    const { kiosk, entry } = setup('desk');
    kiosk.setAutostart(true);
    writeFileSync(entry, '[Desktop Entry]\nName=Something else\n');
    expect(kiosk.overview().autostart.enabled).toBe(false);
  });

  it('quotes paths with spaces for the Exec key', () => {
    expect(desktopExecArgument('/home/desk/My Apps/Gatehouse.AppImage')).toBe('"/home/desk/My Apps/Gatehouse.AppImage"');
    expect(desktopExecArgument('a"b$c')).toBe('"a\\"b\\$c"');
  });
});

describe('the exit PIN', () => {
  it('is stored only as a salted hash and quits only when it matches', () => {
    const { kiosk, settings, quits } = setup('kiosk');
    expect(() => kiosk.exit('1234')).toThrow('No exit PIN is set');
    kiosk.setExitPin('482913', undefined);
    expect(JSON.stringify([...settings.data.values()])).not.toContain('482913');
    expect(() => kiosk.exit('000000')).toThrow('The exit PIN is not right');
    expect(quits()).toBe(0);
    expect(kiosk.exit('482913')).toEqual({ exiting: true });
    expect(quits()).toBe(1);
  });

  it('needs the current PIN to change it', () => {
    const { kiosk } = setup('kiosk');
    kiosk.setExitPin('1111', undefined);
    expect(() => kiosk.setExitPin('2222', '9999')).toThrow(DeskError);
    kiosk.setExitPin('2222', '1111');
    expect(() => kiosk.exit('1111')).toThrow('not right');
  });

  it('stops listening for a minute after five wrong PINs, even to the right one', () => {
    let now = 0;
    const { kiosk, quits } = setup('kiosk', () => now);
    kiosk.setExitPin('482913', undefined);
    for (let i = 0; i < 5; i++) expect(() => kiosk.exit('0000')).toThrow('not right');
    expect(() => kiosk.exit('482913')).toThrow('Too many wrong PINs: try again in 60 s');
    now = 60_001;
    kiosk.exit('482913');
    expect(quits()).toBe(1);
  });
});
