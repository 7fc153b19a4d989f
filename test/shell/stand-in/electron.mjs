// A stand-in for the `electron` module, for loading the BUILT Electron shell under plain Node. It
// behaves as far as the shell relies on it (the app's quit sequence, windows and their web contents,
// ipcMain, the session) and records every request the shell makes. The test that started this
// process drives it over the child-process channel (test/shell/main-process.ts): it fires Electron's events,
// calls the handlers the shell registered and reads the record.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the shell asked of Electron, in order: `{ api, args }` with functions named, not sent. */
const record = [];
const note = (api, ...args) => record.push({ api, args: args.map(plain) });

/** A value that survives the child-process channel: functions and emitters become their names. */
function plain(value) {
  if (typeof value === 'function') return '[function]';
  if (value instanceof EventEmitter) return `[${value.constructor.name}]`;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** An Electron event object: handlers call preventDefault to refuse what the event announces. */
function electronEvent(extra = {}) {
  return { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; }, ...extra };
}

// As inside Electron, when the test says which Electron this is (the native-module folder is per version).
if (process.env.STAND_IN_ELECTRON_VERSION) Object.defineProperty(process.versions, 'electron', { value: process.env.STAND_IN_ELECTRON_VERSION, enumerable: true });

const userData = process.env.STAND_IN_USER_DATA ?? join(process.cwd(), '.stand-in-user-data');
const paths = { userData, logs: join(userData, 'logs'), appData: userData, temp: join(userData, 'tmp'), home: userData };

let nextWebContentsId = 1;
class WebContents extends EventEmitter {
  id = nextWebContentsId++;
  destroyed = false;
  openHandler = undefined;
  mainFrame;
  constructor(frameUrl) {
    super();
    this.mainFrame = { url: frameUrl, parent: null, top: null };
    this.mainFrame.top = this.mainFrame;
  }
  setWindowOpenHandler(handler) { note('webContents.setWindowOpenHandler', this.id); this.openHandler = handler; }
  send(channel, ...args) { note('webContents.send', channel, ...args); }
  reload() { note('webContents.reload', this.id); }
  insertCSS(css) { note('webContents.insertCSS', css); return Promise.resolve('key'); }
  forcefullyCrashRenderer() {
    note('webContents.forcefullyCrashRenderer', this.id);
    // As in Electron: the killed renderer is reported gone.
    setImmediate(() => this.emit('render-process-gone', electronEvent(), { reason: 'killed', exitCode: 9 }));
  }
  isDestroyed() { return this.destroyed; }
}

const windows = [];
class BrowserWindow extends EventEmitter {
  static getAllWindows() { return windows.filter((w) => !w.destroyed); }
  destroyed = false;
  minimized = false;
  constructor(options) {
    super();
    note('new BrowserWindow', options);
    this.options = options;
    this.webContents = new WebContents('about:blank');
    windows.push(this);
    // As in Electron: every web contents made, the window's own included, is announced on the app.
    app.emit('web-contents-created', electronEvent(), this.webContents);
  }
  loadFile(path, options) {
    note('window.loadFile', path, options);
    this.webContents.mainFrame.url = `file://${path}`;
    return Promise.resolve();
  }
  loadURL(url) { note('window.loadURL', url); return Promise.resolve(); }
  removeMenu() { note('window.removeMenu'); }
  setKiosk(flag) { note('window.setKiosk', flag); }
  isMinimized() { return this.minimized; }
  restore() { note('window.restore'); this.minimized = false; }
  show() { note('window.show'); }
  focus() { note('window.focus'); }
  isDestroyed() { return this.destroyed; }
  /** As in Electron: 'close' may be refused; otherwise the window goes and 'closed' follows. */
  close() {
    const event = electronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    return true;
  }
}

class App extends EventEmitter {
  isPackaged = false;
  exitCode = undefined;
  #ready = new Promise((resolve) => setImmediate(resolve));
  enableSandbox() { note('app.enableSandbox'); }
  requestSingleInstanceLock() {
    const held = process.env.STAND_IN_LOCK !== 'taken';
    note('app.requestSingleInstanceLock', held);
    return held;
  }
  whenReady() { note('app.whenReady'); return this.#ready.then(() => this.emit('ready')); }
  getPath(name) {
    const path = paths[name] ?? join(userData, name);
    mkdirSync(path, { recursive: true });
    return path;
  }
  getVersion() { return '0.0.0-stand-in'; }
  getName() { return 'Gatehouse'; }
  getAppPath() { return process.env.STAND_IN_APP_PATH ?? process.cwd(); }
  getLoginItemSettings() { return { openAtLogin: false }; }
  setLoginItemSettings(settings) { note('app.setLoginItemSettings', settings); }
  relaunch() { note('app.relaunch'); }
  /** Electron's quit sequence: every window may refuse to close, then 'will-quit' may hold the exit. */
  quit() {
    note('app.quit');
    this.emit('before-quit', electronEvent());
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.close()) {
        note('app.quit-cancelled', 'a window refused to close');
        return;
      }
    }
    const event = electronEvent();
    this.emit('will-quit', event);
    if (!event.defaultPrevented) this.exit(0);
  }
  exit(code = 0) {
    note('app.exit', code);
    this.exitCode = code;
    // The record goes to the test before the process ends.
    if (process.send) process.send({ kind: 'exit', code, record }, () => process.exit(code));
    else process.exit(code);
  }
}
export const app = new App();

class IpcMain extends EventEmitter {
  handlers = new Map();
  handle(channel, handler) {
    note('ipcMain.handle', channel);
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel) { note('ipcMain.removeHandler', channel); this.handlers.delete(channel); }
}
export const ipcMain = new IpcMain();

const webRequest = {
  beforeRequest: undefined,
  headersReceived: undefined,
  onBeforeRequest(listener) { note('session.webRequest.onBeforeRequest'); this.beforeRequest = listener; },
  onHeadersReceived(listener) { note('session.webRequest.onHeadersReceived'); this.headersReceived = listener; },
};
const defaultSession = {
  permissionRequest: undefined,
  permissionCheck: undefined,
  webRequest,
  setPermissionRequestHandler(handler) { note('session.setPermissionRequestHandler'); this.permissionRequest = handler; },
  setPermissionCheckHandler(handler) { note('session.setPermissionCheckHandler'); this.permissionCheck = handler; },
};
export const session = { defaultSession };

export const screen = {
  getAllDisplays() {
    return [{ id: 1, touchSupport: process.env.STAND_IN_TOUCH === '1' ? 'available' : 'unavailable' }];
  },
};

export const dialog = {
  showErrorBox(title, content) { note('dialog.showErrorBox', title, content); },
};

export const shell = {
  openPath(path) { note('shell.openPath', path); return Promise.resolve(''); },
};

// The renderer-side modules exist in `electron` for main too, but main must not use them.
export const contextBridge = undefined;
export const ipcRenderer = undefined;

export default { app, BrowserWindow, ipcMain, session, screen, dialog, shell, contextBridge, ipcRenderer };
export { BrowserWindow };

// ---- What the test asks of this process (test/shell/main-process.ts sends these) ----

const windowOf = (index = 0) => BrowserWindow.getAllWindows()[index] ?? windows[index];

const commands = {
  record: () => record,
  windows: () => windows.map((w) => ({ destroyed: w.destroyed, options: plain(w.options) })),
  emit: ({ target, event, args = [] }) => {
    const emitter = target === 'app' ? app : target === 'window' ? windowOf() : windowOf().webContents;
    const e = electronEvent();
    const handled = emitter.emit(event, e, ...args);
    return { handled, defaultPrevented: e.defaultPrevented };
  },
  // An error nobody catches, thrown in main after this reply went out.
  fail: () => { setTimeout(() => { throw new Error('an error nobody caught'); }, 10); return true; },
  minimise: () => { windowOf().minimized = true; return true; },
  close: () => ({ closed: windowOf().close() }),
  quit: () => { app.quit(); return { exitCode: app.exitCode ?? null }; },
  // A call as Electron hands it to the handler: from the desk window's main frame unless `from` says
  // another window (`sender: 'other'`), a frame inside the page (`frame: 'sub'`) or another address.
  invoke: async ({ channel, args, from = {} }) => {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) return { registered: false };
    const window = windowOf();
    const sender = from.sender === 'other' ? new WebContents(window.webContents.mainFrame.url) : window.webContents;
    const frame = from.frame === 'sub' ? { url: sender.mainFrame.url, parent: sender.mainFrame, top: sender.mainFrame } : sender.mainFrame;
    const address = frame.url;
    if (from.url !== undefined) frame.url = from.url;
    try {
      return { registered: true, reply: await handler({ sender, senderFrame: frame, processId: 1, frameId: from.frame === 'sub' ? 2 : 1 }, ...args) };
    } finally {
      frame.url = address;
    }
  },
  windowOpen: ({ url, contents }) => {
    const target = contents === 'created' ? lastCreated : windowOf().webContents;
    return target.openHandler ? target.openHandler({ url, frameName: '', features: '', disposition: 'new-window' }) : { handler: 'none' };
  },
  webContentsCreated: () => {
    lastCreated = new WebContents('about:blank');
    app.emit('web-contents-created', electronEvent(), lastCreated);
    const attach = electronEvent();
    lastCreated.emit('will-attach-webview', attach, {}, {});
    const navigate = electronEvent();
    lastCreated.emit('will-navigate', navigate, 'https://example.org/');
    return { webviewPrevented: attach.defaultPrevented, navigationPrevented: navigate.defaultPrevented };
  },
  beforeRequest: ({ url }) => new Promise((resolve) => {
    if (!webRequest.beforeRequest) return resolve({ listener: 'none' });
    webRequest.beforeRequest({ url, method: 'GET', resourceType: 'mainFrame' }, resolve);
  }),
  headersReceived: ({ url, responseHeaders }) => new Promise((resolve) => {
    if (!webRequest.headersReceived) return resolve({ listener: 'none' });
    webRequest.headersReceived({ url, method: 'GET', resourceType: 'mainFrame', statusCode: 200, responseHeaders }, resolve);
  }),
  permission: ({ permission }) => new Promise((resolve) => {
    const check = defaultSession.permissionCheck ? defaultSession.permissionCheck(null, permission, 'file://', {}) : 'none';
    if (!defaultSession.permissionRequest) return resolve({ request: 'none', check });
    defaultSession.permissionRequest(null, permission, (granted) => resolve({ request: granted, check }), {});
  }),
};
let lastCreated;

if (process.send) {
  process.on('message', async (message) => {
    if (!message || typeof message !== 'object' || message.kind !== 'command') return;
    try {
      const result = await commands[message.name](message.params ?? {});
      process.send({ kind: 'reply', id: message.id, result: plain(result) });
    } catch (error) {
      process.send({ kind: 'reply', id: message.id, error: String(error?.stack ?? error) });
    }
  });
  // The channel must not keep a finished shell alive, nor end a running one.
  process.channel?.unref();
}
