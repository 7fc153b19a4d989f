import { fileURLToPath } from 'node:url';
import { desktopExecArgument, xdgAutostart, type LoginItem } from '../../core/kiosk/autostart';

/**
 * How the browser host starts at login: on Linux an XDG autostart entry that runs `npm start`'s own
 * script from this checkout (it serves the desk and opens Chromium in app mode); elsewhere the
 * browser host has no login item, and says so.
 */
export function browserHostLoginItem(): { loginItem?: LoginItem; unsupportedReason?: string } {
  if (process.platform !== 'linux') {
    return { unsupportedReason: 'The browser host starts at login only on Linux; install the Electron app elsewhere' };
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const exec = ['env', '-C', root, process.execPath, 'scripts/start.mjs'].map(desktopExecArgument).join(' ');
  return { loginItem: xdgAutostart({ exec }) };
}
