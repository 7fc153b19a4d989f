import { app } from 'electron';
import { composeDesk } from '../compose/compose-desk';
import { bindDeskToIpc } from './ipc';
import { electronSettingsStore } from './settings-store';
import { hardenSession } from './hardening';
import { createKioskWindow } from './window';

// The Electron shell: lifecycle, one kiosk window, the contract over IPC. Everything else is core.
app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();

app.whenReady().then(async () => {
  hardenSession();
  const { store, dir } = electronSettingsStore();
  const desk = composeDesk({ settings: store, settingsDir: dir });
  void desk.start();
  const window = createKioskWindow();
  const unbind = bindDeskToIpc(desk, window);

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    event.preventDefault();
    unbind();
    void desk.stop().finally(() => app.exit(0));
  });
});
