import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CALL, IPC_EVENT } from '../../../shared/ipc-channels';

// The renderer gets exactly two functions and no Electron object: `call` (answered with a CallReply
// envelope that the renderer's client unwraps) and `on` for contract events.
contextBridge.exposeInMainWorld('desk', {
  call: (name: string, params: unknown): Promise<unknown> => ipcRenderer.invoke(IPC_CALL, name, params),
  on: (listener: (name: string, payload: unknown) => void): (() => void) => {
    const wrapped = (_event: unknown, name: string, payload: unknown) => listener(name, payload);
    ipcRenderer.on(IPC_EVENT, wrapped);
    return () => ipcRenderer.removeListener(IPC_EVENT, wrapped);
  },
});
