import { _electron as electron, expect, test } from '@playwright/test';
import { findElectron } from '../../scripts/find-electron.mjs';

const binary = findElectron();

// Runs only where the Electron runtime exists; everywhere else every behaviour is covered through the
// browser host (test/e2e), and this says why it did not run.
test.skip(!binary.path, `Electron runtime not available on this machine (${binary.reason})`);

test('the kiosk window opens on the demo site with a sandboxed renderer', async () => {
  const app = await electron.launch({ executablePath: binary.path, args: ['.'] });
  const window = await app.firstWindow();
  await expect(window.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await window.evaluate(() => Object.keys((globalThis as { desk?: object }).desk ?? {}).sort())).toEqual(['call', 'on']);
  await app.close();
});
