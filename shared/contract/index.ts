import type { z } from 'zod';
import { boardCalls, boardEvents, siteCalls, siteEvents } from './board';
import { enrolmentCalls, enrolmentEvents } from './enrolment';
import { referenceCalls } from './reference';
import { directoryCalls } from './directory';
import { kioskCalls } from './kiosk';
import { layoutCalls, layoutEvents } from './layout';
import { settingsCalls } from './settings';
import { auditCalls, auditEvents } from './audit';
import { planCalls, planEvents } from './plans';
import { alarmCalls, alarmEvents } from './alarms';
import { operatorCalls, operatorEvents } from './operators';
import { signInTrustCalls } from './sign-in-trust';
import { demoCalls } from './demo';
import { receptionCalls, receptionEvents } from './reception';
import { visitorCardCalls } from './visitor-cards';

export { CommandOutcome, CommandRequest } from './board';
export { Acknowledgement, BoardLayout, PINNED_GROUP } from './layout';

/**
 * The one contract between main and the renderer. Calls go renderer → main and are validated in main
 * against `params` (the renderer is untrusted); events go main → renderer. Both transports (Electron
 * IPC and the browser host's WebSocket) carry exactly this, and nothing secret is ever in it.
 *
 * Each feature keeps its calls and events in a file of its own beside this one; main answers every call
 * through a handler table typed by call name (electron/core/handlers), so a call added here without a
 * handler does not compile.
 */
export const calls = {
  ...boardCalls,
  ...siteCalls,
  ...settingsCalls,
  ...enrolmentCalls,
  ...referenceCalls,
  ...directoryCalls,
  ...kioskCalls,
  ...auditCalls,
  ...layoutCalls,
  ...planCalls,
  ...alarmCalls,
  ...operatorCalls,
  ...signInTrustCalls,
  ...demoCalls,
  ...receptionCalls,
  ...visitorCardCalls,
} as const;

export const events = {
  ...boardEvents,
  ...siteEvents,
  ...enrolmentEvents,
  ...auditEvents,
  ...layoutEvents,
  ...planEvents,
  ...alarmEvents,
  ...operatorEvents,
  ...receptionEvents,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What the renderer passes (defaults not yet applied). */
export type CallParams<K extends CallName> = z.input<Calls[K]['params']>;
/** What main's handler receives: the params after the contract's schema has checked them. */
export type CheckedParams<K extends CallName> = z.infer<Calls[K]['params']>;
export type CallResult<K extends CallName> = z.infer<Calls[K]['result']>;
export type EventName = keyof typeof events;
export type EventPayload<K extends EventName> = z.infer<(typeof events)[K]>;

/** What a renderer holds: one client, whichever transport is underneath. */
export interface DeskClient {
  call<K extends CallName>(name: K, params: CallParams<K>): Promise<CallResult<K>>;
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
}

/** What main implements: the same calls, with already-checked params. */
export interface DeskService {
  handle<K extends CallName>(name: K, params: CheckedParams<K>): Promise<CallResult<K>>;
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
