import {
  calls,
  events,
  isCallName,
  type CallName,
  type CallParams,
  type CallResult,
  type DeskClient,
  type EventName,
  type EventPayload,
} from '../../../../shared/contract';
import { DeskError } from '../../../../shared/errors';
import { CallReply } from '../../../../shared/wire';
import { describeIssues, type ProblemReporter } from './problems';
import type { LinkState, Link } from './link';

/** The renderer's one desk client: the contract's DeskClient plus the state of its own link to main. */
export interface RendererDesk extends DeskClient {
  onLink(listener: (state: LinkState) => void): () => void;
}

type AnyListener = (payload: unknown) => void;

/**
 * Builds the client over any link. Replies are unwrapped (an `{ok:false}` envelope becomes a
 * thrown DeskError) and checked against the contract's result schema; events are checked against the
 * contract's event schemas and a bad one is reported, never handed to a listener.
 */
export function createDeskClient(link: Link, report: ProblemReporter): RendererDesk {
  const listeners = new Map<EventName, Set<AnyListener>>();

  link.onEvent((name, payload) => {
    if (!Object.hasOwn(events, name)) {
      report(`Ignored an event Gatehouse does not know: ${String(name).slice(0, 80)}`);
      return;
    }
    const eventName = name as EventName;
    const parsed = events[eventName].safeParse(payload);
    if (!parsed.success) {
      report(`Ignored a malformed ${eventName} event: ${describeIssues(parsed.error.issues)}`);
      return;
    }
    for (const listener of listeners.get(eventName) ?? []) listener(parsed.data);
  });

  /** A link failure that is not already a DeskError (Electron's invoke rejecting, say) becomes one. */
  async function request(name: CallName, params: unknown): Promise<unknown> {
    try {
      return await link.request(name, params);
    } catch (err) {
      if (err instanceof DeskError) throw err;
      throw new DeskError('network', `${name}: no answer from Gatehouse: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function call<K extends CallName>(name: K, params: CallParams<K>): Promise<CallResult<K>> {
    if (!isCallName(name)) throw new DeskError('invalid-call', `Unknown call: ${String(name)}`);
    const raw = await request(name, params);
    const reply = CallReply.safeParse(raw);
    if (!reply.success) {
      throw new DeskError('invalid-response', `${name}: malformed reply from Gatehouse: ${describeIssues(reply.error.issues)}`);
    }
    if (!reply.data.ok) throw new DeskError(reply.data.error.code, reply.data.error.message);
    const result = calls[name].result.safeParse(reply.data.value);
    if (!result.success) {
      throw new DeskError('invalid-response', `${name}: malformed result from Gatehouse: ${describeIssues(result.error.issues)}`);
    }
    return result.data as CallResult<K>;
  }

  function on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    const wrapped = listener as AnyListener;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  return { call, on, onLink: (listener) => link.onLink(listener) };
}
