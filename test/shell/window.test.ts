import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsOf, root, ShellProcess } from './main-process';

interface WindowOptions {
  kiosk: boolean;
  fullscreen: boolean;
  webPreferences: Record<string, unknown>;
}

const startedWindow = async (shell: ShellProcess): Promise<WindowOptions> => {
  const made = await shell.waitFor((r) => r.api === 'new BrowserWindow', 'a window was made');
  await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
  return made.args[0] as WindowOptions;
};

describe('the kiosk profile (the default)', () => {
  let shell: ShellProcess;
  let options: WindowOptions;
  beforeAll(async () => {
    shell = new ShellProcess({ touchScreen: true });
    options = await startedWindow(shell);
  });
  afterAll(() => shell.dispose());

  it('turns on the sandbox for every renderer before anything else', async () => {
    expect((await shell.record())[0]).toEqual({ api: 'app.enableSandbox', args: [] });
  });

  it('makes one window: full screen kiosk, sandboxed, context-isolated, no Node, web security on, no devtools', async () => {
    expect(requestsOf(await shell.record(), 'new BrowserWindow')).toHaveLength(1);
    expect(options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(options.webPreferences.nodeIntegrationInSubFrames).not.toBe(true);
    expect(options.webPreferences.nodeIntegrationInWorker).not.toBe(true);
    expect(options.webPreferences.allowRunningInsecureContent).not.toBe(true);
    expect(options.webPreferences.preload).toBe(join(root, 'out/preload/index.cjs'));
    expect(requestsOf(await shell.record(), 'window.removeMenu')).toHaveLength(1);
  });

  it('shows the built renderer from disk, nothing from the network', async () => {
    expect(requestsOf(await shell.record(), 'window.loadFile')[0]?.args[0]).toBe(join(root, 'out/renderer/index.html'));
    expect(requestsOf(await shell.record(), 'window.loadURL')).toHaveLength(0);
  });

  it('hides the pointer on a touch-screen desk once the page has loaded', async () => {
    await shell.emit('webContents', 'did-finish-load');
    await shell.waitFor((r) => r.api === 'webContents.insertCSS', 'the pointer was hidden');
    expect(requestsOf(await shell.record(), 'webContents.insertCSS')[0]?.args[0]).toContain('cursor: none');
  });

  it('refuses navigation away from the page and every new window', async () => {
    expect((await shell.emit('webContents', 'will-navigate', ['https://example.org/'])).defaultPrevented).toBe(true);
    expect(await shell.command('windowOpen', { url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(await shell.command('windowOpen', { url: `file://${root}/out/renderer/index.html` })).toEqual({ action: 'deny' });
  });

  it('holds any web contents made later to the same: no webviews, no navigation, no new windows', async () => {
    expect(await shell.command('webContentsCreated')).toEqual({ webviewPrevented: true, navigationPrevented: true });
    expect(await shell.command('windowOpen', { contents: 'created', url: 'https://example.org/' })).toEqual({ action: 'deny' });
  });

  it('denies every permission the page could ask for', async () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'usb', 'hid', 'serial']) {
      expect(await shell.command('permission', { permission })).toEqual({ request: false, check: false });
    }
  });

  it('cancels every request that is not for its own files', async () => {
    expect(await shell.command('beforeRequest', { url: `file://${root}/out/renderer/index.html` })).toEqual({ cancel: false });
    for (const url of ['https://example.org/x.js', 'http://127.0.0.1:8443/', 'ws://127.0.0.1:9000/', 'data:text/html,hi']) {
      expect(await shell.command('beforeRequest', { url }), url).toEqual({ cancel: true });
    }
  });

  it('puts its content security policy on every response, replacing any other', async () => {
    const answer = await shell.command<{ responseHeaders: Record<string, string[]> }>('headersReceived', {
      url: `file://${root}/out/renderer/index.html`,
      responseHeaders: { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] },
    });
    const policies = Object.entries(answer.responseHeaders).filter(([name]) => name.toLowerCase() === 'content-security-policy');
    expect(policies).toHaveLength(1);
    const directives = new Map(policies[0]![1][0]!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(answer.responseHeaders['Content-Type']).toEqual(['text/html']);
  });
});

describe('the desk profile (gatehouse --desk)', () => {
  let shell: ShellProcess;
  let options: WindowOptions;
  beforeAll(async () => {
    shell = new ShellProcess({ args: ['--desk'] });
    options = await startedWindow(shell);
  });
  afterAll(() => shell.dispose());

  it('is an ordinary window with devtools, still sandboxed and isolated, and closes when asked', async () => {
    expect(options).toMatchObject({ kiosk: false, fullscreen: false });
    expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: true });
    expect(requestsOf(await shell.record(), 'window.removeMenu')).toHaveLength(0);
    expect((await shell.emit('window', 'close')).defaultPrevented).toBe(false);
  });
});
