import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsOf, root, ShellProcess } from './main-process';

// electron-main/recovery.ts waits this long before it kills a renderer that stopped answering.
const HANG_LIMIT_MS = 10_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a desk never left on a dead screen', () => {
  let shell: ShellProcess;
  beforeAll(async () => {
    shell = new ShellProcess();
    await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
  });
  afterAll(() => shell.dispose());

  const reloads = async () => requestsOf(await shell.record(), 'webContents.reload').length;

  it('reloads a renderer that crashed or was killed, and logs it', async () => {
    const before = await reloads();
    await shell.emit('webContents', 'render-process-gone', [{ reason: 'crashed', exitCode: 139 }]);
    await shell.emit('webContents', 'render-process-gone', [{ reason: 'oom', exitCode: 0 }]);
    expect(await reloads()).toBe(before + 2);
    const log = readFileSync(join(shell.userData, 'logs', 'gatehouse.log'), 'utf8');
    expect(log).toMatch(/"event":"renderer.gone".*"reason":"crashed"/);
  });

  it('leaves a renderer that exited cleanly alone (the window is closing)', async () => {
    const before = await reloads();
    await shell.emit('webContents', 'render-process-gone', [{ reason: 'clean-exit', exitCode: 0 }]);
    expect(await reloads()).toBe(before);
  });

  it('lets a renderer that answers again in time carry on', { timeout: HANG_LIMIT_MS * 3 }, async () => {
    await shell.emit('window', 'unresponsive');
    await pause(500);
    await shell.emit('window', 'responsive');
    await pause(HANG_LIMIT_MS + 1_000);
    expect(requestsOf(await shell.record(), 'webContents.forcefullyCrashRenderer')).toHaveLength(0);
  });

  it('kills a renderer that stays hung past the limit, then reloads it', { timeout: HANG_LIMIT_MS * 3 }, async () => {
    const before = await reloads();
    await shell.emit('window', 'unresponsive');
    await shell.waitFor((r) => r.api === 'webContents.forcefullyCrashRenderer', 'the hung renderer was killed', HANG_LIMIT_MS * 2);
    // Electron reports the killed renderer gone (the stand-in does too), and that reloads it.
    await pause(300);
    expect(await reloads()).toBe(before + 1);
  });

  it('shows "restarting" and relaunches on an unhandled error in main, exiting 1', async () => {
    await shell.command('fail');
    const { code, record = [] } = await shell.exited;
    expect(code).toBe(1);
    expect(requestsOf(record, 'window.loadFile').at(-1)?.args[0]).toBe(join(root, 'out/renderer/restarting.html'));
    expect(requestsOf(record, 'app.relaunch')).toHaveLength(1);
  });
});
