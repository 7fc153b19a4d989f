import { startTrace } from '../../core/log/start-trace';
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { jsonLinesLog } from '../../core/log';
import { composeDesk } from '../compose/compose-desk';
import { readShellArguments } from './arguments';
import { hardenSession } from './hardening';
import { bindDeskToIpc } from './ipc';
import { guardKioskWindow } from './kiosk-guard';
import { electronLoginItem } from './login-item';
import { electronNativeModules } from './native-modules';
import { recoverFromCrashes } from './recovery';
import { electronSettingsStore } from './settings-store';
import { createDeskWindow } from './window';

// The Electron shell: lifecycle, one desk window, the contract over IPC. Everything else is core.
app.enableSandbox();
const shell = readShellArguments(process.argv.slice(1));

// One desk per user session: a second launch only brings the first one's window forward.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  app.whenReady().then(start);
}

async function start() {
  const logger = jsonLinesLog({ dir: app.getPath('logs'), level: shell.logLevel });
  logger.info('desk.starting', { version: app.getVersion(), profile: shell.profile, platform: process.platform });
  startTrace.attach(logger);
  hardenSession();
  const window = createDeskWindow(shell.profile);
  recoverFromCrashes(window, logger);
  const guard = shell.profile === 'kiosk' ? guardKioskWindow(window) : undefined;
  const { store, dir } = electronSettingsStore();
  let desk: ReturnType<typeof composeDesk>;
  try {
    desk = composeDesk({
      settings: store,
      settingsDir: dir,
      // electron-builder copies resources/plans into the app's resources folder (extraResources).
      demoPlansDir: app.isPackaged ? join(process.resourcesPath, 'plans') : join(app.getAppPath(), 'resources', 'plans'),
      native: electronNativeModules(),
      logger,
      kiosk: {
        profile: shell.profile,
        loginItem: electronLoginItem(),
        quit: () => {
          guard?.allowExit();
          app.quit();
        },
      },
    });
  } catch (error) {
    // A desk that cannot be built (its local store will not open) says why and stops: relaunching
    // would only fail the same way again.
    const reason = error instanceof Error ? error.message : String(error);
    logger.error('desk.cannot-start', { reason });
    dialog.showErrorBox('Gatehouse cannot start', reason);
    guard?.allowExit();
    app.exit(1);
    return;
  }
  void desk.start();
  const unbind = bindDeskToIpc(desk, window, logger);

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    event.preventDefault();
    unbind();
    logger.info('desk.stopping');
    void desk.stop().finally(() => app.exit(0));
  });
}
