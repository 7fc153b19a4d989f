import { BrowserWindow, screen } from 'electron';
import { join } from 'node:path';

/** The built renderer (out/renderer), beside this bundle (out/main): the only pages the window shows. */
export const rendererDir = join(import.meta.dirname, '../renderer');

/**
 * The desk's window: a sandboxed renderer that can reach only the preload's contract. In the kiosk
 * profile it is full screen with no menu and no devtools, and on a touch-screen desk the pointer is
 * hidden; the `desk` profile is an ordinary window for set-up and support.
 */
export function createDeskWindow(profile: 'kiosk' | 'desk'): BrowserWindow {
  const kiosk = profile === 'kiosk';
  const window = new BrowserWindow({
    kiosk,
    fullscreen: kiosk,
    width: 1280,
    height: 800,
    autoHideMenuBar: true,
    backgroundColor: '#10151c',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: !kiosk,
    },
  });
  if (kiosk) window.removeMenu();
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  if (kiosk && screen.getAllDisplays().some((display) => display.touchSupport === 'available')) {
    window.webContents.on('did-finish-load', () => void window.webContents.insertCSS('* { cursor: none !important; }'));
  }
  void window.loadFile(join(rendererDir, 'index.html'));
  return window;
}
