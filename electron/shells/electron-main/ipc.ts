import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { pathToFileURL } from 'node:url';
import { events, type DeskService, type EventName } from '../../../shared/contract';
import { IPC_CALL, IPC_EVENT } from '../../../shared/ipc-channels';
import { dispatchCall } from '../../core/dispatch';
import type { Logger } from '../../core/log/logger';
import { rendererDir } from './window';

/**
 * Whether a call comes from the desk's own page: the kiosk window's top frame, showing the built
 * renderer. A frame inside the page, another window, or the window after it was somehow led to another
 * address gets nothing, even though it shares the preload.
 */
export function isDeskPage(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, window: BrowserWindow, pageRoot = rendererDir): boolean {
  const frame = event.senderFrame;
  if (event.sender !== window.webContents || !frame || frame.parent !== null) return false;
  return frame.url.startsWith(`${pathToFileURL(pageRoot).href}/`);
}

/** Carries the desk contract over Electron IPC, answering only the kiosk window's own page. */
export function bindDeskToIpc(desk: DeskService, window: BrowserWindow, logger: Logger): () => void {
  ipcMain.handle(IPC_CALL, (event, name: unknown, params: unknown) => {
    if (!isDeskPage(event, window)) {
      logger.warn('ipc.refused', { url: event.senderFrame?.url ?? 'unknown' });
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
