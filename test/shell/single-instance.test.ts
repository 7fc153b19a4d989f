import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsOf, ShellProcess } from './main-process';

let shell: ShellProcess | undefined;
afterEach(async () => {
  await shell?.dispose();
  shell = undefined;
});

describe('one desk per user session', () => {
  it('a second launch, finding the lock held, quits at once: no window, no desk, no local store', async () => {
    shell = new ShellProcess({ lockTaken: true });
    const { code, record = [] } = await shell.exited;
    expect(code).toBe(0);
    expect(requestsOf(record, 'app.requestSingleInstanceLock')).toEqual([{ api: 'app.requestSingleInstanceLock', args: [false] }]);
    expect(requestsOf(record, 'app.quit')).toHaveLength(1);
    expect(requestsOf(record, 'new BrowserWindow')).toHaveLength(0);
    expect(requestsOf(record, 'ipcMain.handle')).toHaveLength(0);
    expect(existsSync(join(shell.userData, 'gatehouse-local.sqlite3'))).toBe(false);
  });

  it('the running desk, told of a second launch, brings its window forward (restored if minimised)', async () => {
    shell = new ShellProcess();
    await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
    await shell.command('minimise');
    const before = (await shell.record()).length;
    const emitted = await shell.emit('app', 'second-instance', [['gatehouse', '.'], shell.userData]);
    expect(emitted.handled).toBe(true);
    // The running desk keeps sending contract events meanwhile; only the window's calls are this test's.
    const after = (await shell.record()).slice(before).map((r) => r.api).filter((api) => api.startsWith('window.'));
    expect(after).toEqual(['window.restore', 'window.show', 'window.focus']);
    // Still one window: the second launch never makes its own.
    expect(await shell.command('windows')).toHaveLength(1);
  });
});
