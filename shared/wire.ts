import { z } from 'zod';
import { DeskErrorShape } from './errors';

/**
 * Envelopes both transports use. Electron IPC carries `CallReply` as the value of `invoke` (IPC
 * errors lose their shape); the WebSocket carries all three message kinds as JSON text frames.
 */
/**
 * The largest call the browser host's WebSocket takes (bytes of one JSON text frame). The largest
 * legal call is a certificate import at the limits of shared/settings/calls.ts (under 300 KiB as JSON);
 * this leaves room for JSON escaping. The page refuses a bigger call before sending it, and the host
 * closes a socket that sends one (code 1009) rather than reading it.
 */
export const MAX_CALL_MESSAGE_BYTES = 1024 * 1024;

export const CallMessage = z.object({ type: z.literal('call'), id: z.number().int(), name: z.string(), params: z.unknown() });
export type CallMessage = z.infer<typeof CallMessage>;

export const CallReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: DeskErrorShape }),
]);
export type CallReply = z.infer<typeof CallReply>;

export const ReplyMessage = z.object({ type: z.literal('reply'), id: z.number().int(), reply: CallReply });
export type ReplyMessage = z.infer<typeof ReplyMessage>;

export const EventMessage = z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() });
export type EventMessage = z.infer<typeof EventMessage>;

export const ServerMessage = z.discriminatedUnion('type', [ReplyMessage, EventMessage]);
export type ServerMessage = z.infer<typeof ServerMessage>;
