import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import { IPC_CALL, IPC_EVENT } from '../../shared/ipc-channels';
import { preloadBundle } from './main-process';

type Listener = (...args: unknown[]) => void;

/**
 * The BUILT preload run as Electron runs a sandboxed one: a script whose `require` offers nothing but
 * `electron`, here a recording stand-in for contextBridge and ipcRenderer.
 */
function runPreload() {
  const exposed: Array<{ key: string; api: Record<string, unknown> }> = [];
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const required: string[] = [];
  const ipcRenderer = {
    invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve({ ok: true, value: 'answer' })),
    on: (channel: string, listener: Listener) => (listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)), ipcRenderer),
    removeListener: (channel: string, listener: Listener) => (listeners.get(channel)?.delete(listener), ipcRenderer),
    send: () => expect.unreachable('the preload never sends on its own'),
    sendSync: () => expect.unreachable('the preload never sends on its own'),
  };
  const contextBridge = { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.push({ key, api }) };
  const require = (id: string) => {
    required.push(id);
    if (id === 'electron') return { contextBridge, ipcRenderer };
    throw new Error(`a sandboxed preload cannot require ${id}`);
  };
  runInNewContext(readFileSync(preloadBundle, 'utf8'), { require, module: { exports: {} }, exports: {}, console });
  const fire = (channel: string, ...args: unknown[]) => listeners.get(channel)?.forEach((l) => l(...args));
  return { exposed, invoked, listeners, required, fire, ipcRenderer };
}

describe('the preload', () => {
  let preload: ReturnType<typeof runPreload>;
  beforeEach(() => {
    preload = runPreload();
  });

  it('requires nothing but electron (it runs sandboxed)', () => {
    expect(new Set(preload.required)).toEqual(new Set(['electron']));
  });

  it('exposes one object, window.desk, with exactly `call` and `on`: no Electron object reaches the page', () => {
    expect(preload.exposed.map((e) => e.key)).toEqual(['desk']);
    const desk = preload.exposed[0]!.api;
    expect(Object.keys(desk).sort()).toEqual(['call', 'on']);
    expect(typeof desk.call).toBe('function');
    expect(typeof desk.on).toBe('function');
    for (const value of Object.values(desk)) expect(value).not.toBe(preload.ipcRenderer);
  });

  it('`call` asks main on the contract\'s call channel only, with the name and parameters as given, and hands back the reply', async () => {
    const desk = preload.exposed[0]!.api as { call(name: string, params: unknown): Promise<unknown> };
    await expect(desk.call('kiosk.overview', {})).resolves.toEqual({ ok: true, value: 'answer' });
    expect(preload.invoked).toEqual([[IPC_CALL, 'kiosk.overview', {}]]);
  });

  it('`on` passes contract events to the page without Electron\'s event object, and stops when told', () => {
    const desk = preload.exposed[0]!.api as { on(listener: (name: string, payload: unknown) => void): () => void };
    const heard: unknown[][] = [];
    const off = desk.on((...args) => heard.push(args));
    expect([...preload.listeners.keys()]).toEqual([IPC_EVENT]);
    preload.fire(IPC_EVENT, { sender: preload.ipcRenderer }, 'connection', { phase: 'connected' });
    expect(heard).toEqual([['connection', { phase: 'connected' }]]);
    off();
    preload.fire(IPC_EVENT, { sender: preload.ipcRenderer }, 'connection', { phase: 'offline' });
    expect(heard).toHaveLength(1);
    expect(preload.listeners.get(IPC_EVENT)?.size).toBe(0);
  });
});
