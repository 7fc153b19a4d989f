import type { WebSocket } from 'ws';
import { events, type DeskService, type EventName } from '../../../shared/contract';
import { CallMessage, type ServerMessage } from '../../../shared/wire';
import { dispatchCall } from '../../core/dispatch';

/** Calls larger than this are refused unread: no contract call needs more. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Carries the desk contract over one WebSocket: calls in, replies and events out. */
export function serveContract(desk: DeskService, socket: WebSocket): void {
  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const unsubscribe = (Object.keys(events) as EventName[]).map((name) =>
    desk.on(name, (payload) => send({ type: 'event', name, payload })),
  );
  socket.on('close', () => unsubscribe.forEach((off) => off()));
  socket.on('message', async (data, isBinary) => {
    if (isBinary) return socket.close(1003, 'Text frames only');
    let message: CallMessage;
    try {
      message = CallMessage.parse(JSON.parse(String(data)));
    } catch {
      return socket.close(1007, 'Not a contract call');
    }
    const reply = await dispatchCall(desk, message.name, message.params);
    send({ type: 'reply', id: message.id, reply });
  });
}
