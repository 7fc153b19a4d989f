import { app } from 'electron';
import { startDemoSite } from '../core/demo-site';
import { Desk } from '../core/desk';
import { bindDeskToIpc } from './ipc';
import { hardenSession } from './hardening';
import { createKioskWindow } from './window';

// The Electron shell: lifecycle, one kiosk window, the contract over IPC. Everything else is core.
app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();

app.whenReady().then(async () => {
  hardenSession();
  const demo = await startDemoSite();
  const desk = new Desk(demo.config);
  desk.start();
  const window = createKioskWindow();
  const unbind = bindDeskToIpc(desk, window);

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    event.preventDefault();
    unbind();
    void Promise.allSettled([desk.stop(), demo.simulator.stop()]).then(() => app.exit(0));
  });
});
