import { BrowserWindow } from 'electron';
import { join } from 'node:path';

/** The kiosk window: full screen, no menu, a sandboxed renderer that can reach only the preload's contract. */
export function createKioskWindow(): BrowserWindow {
  const window = new BrowserWindow({
    kiosk: true,
    autoHideMenuBar: true,
    backgroundColor: '#10151c',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}
