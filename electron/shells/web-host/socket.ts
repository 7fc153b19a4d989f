import type { WebSocket } from 'ws';
import { events, type DeskService, type EventName } from '../../../shared/contract';
import { CallMessage, MAX_CALL_MESSAGE_BYTES, type ServerMessage } from '../../../shared/wire';
import { dispatchCall } from '../../core/dispatch';
import type { Logger } from '../../core/log/logger';

/** Calls larger than this are refused unread (the socket is closed with 1009): no contract call needs more. */
export const MAX_MESSAGE_BYTES = MAX_CALL_MESSAGE_BYTES;

/** Carries the desk contract over one WebSocket: calls in, replies and events out. */
export function serveContract(desk: DeskService, socket: WebSocket, log: Logger): void {
  // `ws` reports a frame over maxPayload, or a malformed one, as an 'error' and then closes the socket;
  // an 'error' nobody listens for would end the whole host.
  socket.on('error', (err: Error & { code?: string }) => log.warn('host.socket.refused', { reason: err.code ?? err.name }));
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
    const reply = await dispatchCall(desk, message.name, message.params, log);
    send({ type: 'reply', id: message.id, reply });
  });
}
