import { app } from 'electron';
import { desktopExecArgument, xdgAutostart, type LoginItem } from '../../core/kiosk/autostart';

/**
 * How this Electron install starts at login: the XDG autostart entry on Linux (pointing at the
 * AppImage when run from one, else at the installed binary), Electron's login item elsewhere.
 */
export function electronLoginItem(): LoginItem {
  if (process.platform === 'linux') {
    const binary = process.env.APPIMAGE ?? process.execPath;
    return xdgAutostart({ exec: desktopExecArgument(binary) });
  }
  return {
    where: process.platform === 'darwin' ? 'Login Items (System Settings)' : 'Startup apps (Windows settings)',
    isRegistered: () => app.getLoginItemSettings().openAtLogin,
    register: () => app.setLoginItemSettings({ openAtLogin: true }),
    unregister: () => app.setLoginItemSettings({ openAtLogin: false }),
  };
}
