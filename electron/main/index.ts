import { app } from 'electron';

// Filled in by the Electron shell: app lifecycle and the kiosk window over the desk contract.
app.whenReady().then(() => app.quit());
