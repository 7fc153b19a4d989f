import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsOf, ShellProcess, type Request } from './main-process';

const store = (shell: ShellProcess) => join(shell.userData, 'gatehouse-local.sqlite3');

describe('the kiosk guard, then quitting with the exit PIN', () => {
  let shell: ShellProcess;
  beforeAll(async () => {
    shell = new ShellProcess();
    await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
    // The desk is on the demo site before anything is asked of it.
    await shell.waitFor((r) => r.api === 'webContents.send' && r.args[1] === 'connection' && (r.args[2] as { phase?: string }).phase === 'connected', 'the desk connected to the demo site', 30_000);
  });
  afterAll(() => shell.dispose());

  it('keeps the window open: the close button and Alt+F4 from the window manager do nothing', async () => {
    expect((await shell.emit('window', 'close')).defaultPrevented).toBe(true);
    expect(await shell.command('close')).toEqual({ closed: false });
  });

  it('swallows the keys that would quit, close, reload or open devtools, and lets typing through', async () => {
    const key = (key: string, mods: Record<string, boolean> = {}) =>
      shell.emit('webContents', 'before-input-event', [{ type: 'keyDown', key, control: false, meta: false, alt: false, shift: false, ...mods }]);
    for (const [k, mods] of [['q', { control: true }], ['w', { control: true }], ['F4', { alt: true }], ['F11', {}], ['F12', {}], ['r', { control: true }], ['I', { control: true, shift: true }]] as const) {
      expect((await key(k, mods)).defaultPrevented, `${k} ${JSON.stringify(mods)}`).toBe(true);
    }
    expect((await key('a')).defaultPrevented).toBe(false);
    expect((await key('Enter')).defaultPrevented).toBe(false);
  });

  it('goes back to kiosk mode when something takes it out of full screen', async () => {
    await shell.emit('window', 'leave-full-screen');
    expect(requestsOf(await shell.record(), 'window.setKiosk').at(-1)?.args).toEqual([true]);
  });

  it('does not quit when the app is asked to: the window refuses to close', async () => {
    await shell.command('quit');
    expect(requestsOf(await shell.record(), 'app.quit-cancelled')).toHaveLength(1);
    expect(requestsOf(await shell.record(), 'app.exit')).toHaveLength(0);
  });

  it('refuses a wrong exit PIN and stays', async () => {
    await shell.call('kiosk.setExitPin', { pin: '4821' });
    const wrong = await shell.call('kiosk.exit', { pin: '1111' });
    expect(wrong.reply?.ok).toBe(false);
    expect(requestsOf(await shell.record(), 'app.exit')).toHaveLength(0);
  });

  it('with the exit PIN: the window may close, the desk stops, its store is closed cleanly, and the app exits 0', async () => {
    // The desk has written to its store (the PIN change is in the audit log): its log is not yet folded in.
    expect(statSync(`${store(shell)}-wal`).size).toBeGreaterThan(0);
    const answer = await shell.call('kiosk.exit', { pin: '4821' });
    expect(answer.reply).toMatchObject({ ok: true, value: { exiting: true } });
    const { code, record = [] } = await shell.exited;
    expect(code).toBe(0);
    const order = (api: string) => record.findIndex((r: Request) => r.api === api);
    // will-quit was held until the desk had stopped: the handler went first, the exit came last.
    expect(order('ipcMain.removeHandler')).toBeGreaterThan(order('app.quit'));
    expect(order('app.exit')).toBeGreaterThan(order('ipcMain.removeHandler'));
    expect(requestsOf(record, 'app.exit')).toEqual([{ api: 'app.exit', args: [0] }]);
    expect(requestsOf(record, 'app.quit-cancelled')).toHaveLength(1); // only the earlier, refused one
    // A cleanly closed SQLite store has folded its write-ahead log back into the file.
    expect(existsSync(store(shell))).toBe(true);
    const wal = `${store(shell)}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const log = readFileSync(join(shell.userData, 'logs', 'gatehouse.log'), 'utf8');
    expect(log).toContain('"event":"desk.stopping"');
    expect(log).not.toContain('4821');
  });
});
