import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, events } from '../../shared/contract';
import { IPC_CALL, IPC_EVENT } from '../../shared/ipc-channels';
import { requestsOf, root, ShellProcess } from './main-process';

const page = `${pathToFileURL(`${root}/out/renderer`).href}/index.html`;
const refused = { ok: false, error: { code: 'invalid-call', message: 'Calls are accepted from the kiosk window only' } };

describe('the contract over IPC', () => {
  let shell: ShellProcess;
  beforeAll(async () => {
    shell = new ShellProcess();
    await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
  });
  afterAll(() => shell.dispose());

  it('registers exactly one handler, on the contract\'s call channel, and nothing else on ipcMain', async () => {
    const record = await shell.record();
    expect(requestsOf(record, 'ipcMain.handle')).toEqual([{ api: 'ipcMain.handle', args: [IPC_CALL] }]);
  });

  it('answers a contract call from the desk window\'s page with the desk\'s own reply', async () => {
    const answer = await shell.call('kiosk.overview', {});
    expect(answer.registered).toBe(true);
    expect(answer.reply).toMatchObject({ ok: true, value: { profile: 'kiosk', exitPinSet: false } });
  });

  it('checks what the page sends against the contract: an unknown call or bad parameters are refused in words', async () => {
    const unknown = await shell.call('app.quit', {});
    expect(unknown.reply).toMatchObject({ ok: false, error: { code: 'invalid-call' } });
    const bad = await shell.call('kiosk.setExitPin', { pin: 'one two three' });
    expect(bad.reply).toMatchObject({ ok: false });
    expect(bad.reply?.error?.message).toMatch(/PIN/);
  });

  it('refuses calls from any other window, a frame inside the page, or another address, even a file', async () => {
    expect((await shell.call('kiosk.overview', {}, { sender: 'other' })).reply).toEqual(refused);
    expect((await shell.call('kiosk.overview', {}, { frame: 'sub' })).reply).toEqual(refused);
    expect((await shell.call('kiosk.overview', {}, { url: 'https://example.org/' })).reply).toEqual(refused);
    expect((await shell.call('kiosk.overview', {}, { url: 'file:///tmp/elsewhere.html' })).reply).toEqual(refused);
    expect((await shell.call('kiosk.overview', {}, { url: `${pathToFileURL(`${root}/out/renderer-copy`).href}/index.html` })).reply).toEqual(refused);
    // And the page itself, at its own address, still gets answers.
    expect((await shell.call('kiosk.overview', {}, { url: page })).reply).toMatchObject({ ok: true });
  });

  it('sends the page contract events only, on the event channel', async () => {
    await shell.waitFor((r) => r.api === 'webContents.send', 'an event reached the page');
    const sent = requestsOf(await shell.record(), 'webContents.send');
    expect(sent.length).toBeGreaterThan(0);
    for (const { args } of sent) {
      expect(args[0]).toBe(IPC_EVENT);
      expect(Object.keys(events)).toContain(args[1]);
    }
    // The calls' names are the contract's: the renderer has nothing else to ask for.
    expect(Object.keys(calls)).toContain('kiosk.overview');
  });
});
