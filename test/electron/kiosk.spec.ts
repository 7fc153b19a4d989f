import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { electronAbi, prepareElectronNatives } from '../../scripts/electron-natives.mjs';
import { findElectron } from '../../scripts/find-electron.mjs';

const binary = findElectron();

// Runs only where the Electron runtime exists; everywhere else every behaviour is covered through the
// browser host (test/e2e) and the shell layer (test/shell), and this says why it did not run.
test.skip(!binary.path, `Electron runtime not available on this machine (${binary.reason})`);

// The main process loads the local store and the card reader module built for this Electron, as
// `npm start` prepares them (scripts/electron-natives.mjs); without them the desk cannot start.
test.beforeAll(async () => {
  // The first time, both modules are compiled for Electron: minutes, not seconds.
  test.setTimeout(600_000);
  const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('electron/package.json'), 'utf8')).version as string;
  const runtime = electronAbi(binary.path!);
  if (!('abi' in runtime)) throw new Error(runtime.reason);
  const natives = await prepareElectronNatives({ root: process.cwd(), electronVersion: version, abi: runtime.abi });
  if (!natives.ok) throw new Error(`Electron is here but its native modules are not: ${natives.reason}`);
});

let app: ElectronApplication;
let home: string;

test.beforeEach(async () => {
  // Each launch gets its own user-data folder, so tests neither share nor touch a real desk's settings.
  home = mkdtempSync(join(tmpdir(), 'gatehouse-electron-'));
  app = await electron.launch({ executablePath: binary.path, args: ['.', `--user-data-dir=${home}`], env: { ...process.env, XDG_CONFIG_HOME: home } });
});
test.afterEach(async () => {
  await app.evaluate(({ app: electronApp }) => electronApp.exit(0)).catch(() => undefined);
});

test('the kiosk window opens on the demo site, full screen, with no menu, no devtools and a sandboxed renderer', async () => {
  const window = await app.firstWindow();
  await expect(window.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await window.evaluate(() => Object.keys((globalThis as { desk?: object }).desk ?? {}).sort())).toEqual(['call', 'on']);
  const shape = await app.evaluate(({ BrowserWindow }) => {
    const [w] = BrowserWindow.getAllWindows();
    return { kiosk: w!.isKiosk(), menu: w!.isMenuBarVisible(), devTools: w!.webContents.isDevToolsOpened() };
  });
  expect(shape).toEqual({ kiosk: true, menu: false, devTools: false });
  // The close button and Alt+F4 do nothing without the exit PIN.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('a second launch does not start a second desk: it brings the first one forward', async () => {
  await app.firstWindow();
  const second = spawn(binary.path!, ['.', `--user-data-dir=${home}`], { env: { ...process.env, XDG_CONFIG_HOME: home } });
  const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
  expect(code).toBe(0);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isFocused())).toBe(true);
});

test('a crashed renderer is reloaded, never left blank, and the crash is logged', async () => {
  const window = await app.firstWindow();
  await expect(window.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer());
  const reloaded = await app.firstWindow();
  await expect(reloaded.getByTestId('connection')).toHaveAttribute('data-phase', 'connected', { timeout: 30_000 });
  const log = await app.evaluate(async ({ app: electronApp }) => {
    const { readFileSync } = await import('node:fs');
    return readFileSync(`${electronApp.getPath('logs')}/gatehouse.log`, 'utf8');
  });
  expect(log).toContain('"event":"renderer.gone"');
});
