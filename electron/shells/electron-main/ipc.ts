import { ipcMain, type BrowserWindow } from 'electron';
import { events, type DeskService, type EventName } from '../../../shared/contract';
import { IPC_CALL, IPC_EVENT } from '../../../shared/ipc-channels';
import { dispatchCall } from '../../core/dispatch';
import type { Logger } from '../../core/log/logger';

/** Carries the desk contract over Electron IPC, answering only the kiosk window's own frame. */
export function bindDeskToIpc(desk: DeskService, window: BrowserWindow, logger: Logger): () => void {
  ipcMain.handle(IPC_CALL, (event, name: unknown, params: unknown) => {
    if (event.sender !== window.webContents || !event.senderFrame?.url.startsWith('file://')) {
      return { ok: false, error: { code: 'invalid-call', message: 'Calls are accepted from the kiosk window only' } };
    }
    return dispatchCall(desk, name, params, logger);
  });
  const offs = (Object.keys(events) as EventName[]).map((name) =>
    desk.on(name, (payload) => {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, name, payload);
    }),
  );
  return () => {
    ipcMain.removeHandler(IPC_CALL);
    offs.forEach((off) => off());
  };
}
