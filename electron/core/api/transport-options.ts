import type { AnswerLimits } from './answer-limits';
import type { AuthForm } from './auth';
import type { QueryValue } from './links';
import type { HttpProtocol } from './protocol';
import type { RetryPolicy } from './retry';

/**
 * How much of its answers the server may send on an HTTP/2 connection before the desk has read them:
 * a catalogue page of 1,000 items is about half a megabyte, and eight types are read side by side on
 * one connection. undici's defaults (256 KB a stream, 512 KB the connection) held the server at every
 * quarter megabyte until this desk, busy reading another page, said it could take more: at 50,000
 * items the catalogue came a tenth slower.
 */
export const HTTP2_WINDOWS = { initialWindowSize: 2 * 1024 * 1024, connectionWindowSize: 8 * 1024 * 1024 };

/** TLS material for mutual TLS; `connect` extras (such as a pinned server check) come from the vault. */
export interface TlsMaterial {
  /** The client certificate and key (PEM). A site may run without one (docs/server-interface.md §Authentication). */
  cert?: string;
  key?: string;
  /** Extra Node TLS connect options, e.g. `ca` and `checkServerIdentity` pinning the server's certificate. */
  connect?: Record<string, unknown>;
}

export interface TransportOptions {
  /** base_url of the server, e.g. https://acs.example:8904 */
  baseUrl: string;
  apiKey: string;
  auth: AuthForm;
  tls: TlsMaterial;
  /** Ordinary requests give up after this long. */
  timeoutMs?: number;
  /** Connections the long-poll agent may open on HTTP/1.1 (each held poll takes one). */
  watchConnections?: number;
  /** Retries of ordinary GETs after transient failures; `false` for none. */
  getRetry?: RetryPolicy | false;
  /** `http/1.1` keeps long-polls off HTTP/2 even where the server offers it (comparisons, old proxies). */
  watchProtocol?: 'auto' | 'http/1.1';
  /**
   * Says why the server's certificate was refused (e.g. it is no longer the pinned one), since TLS's own
   * code does not tell an operator that. Answers a DeskError to use instead, or anything else to keep ours.
   */
  explainTlsFailure?: (err: unknown) => Promise<unknown>;
  /** How much of an answer to hold (answer-limits.ts); tests lower them. */
  limits?: Partial<AnswerLimits>;
  /**
   * The server closed or reset a connection. undici sends a GET that had no answer yet again on a new
   * connection, so nothing else would tell the desk.
   */
  serverClosed?: (reason: string) => void;
}

export interface GetOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** For long-polls: how long the server may hold the request. */
  timeoutMs?: number;
  /** Send on the long-poll agent, so held requests never take connections commands need. Never retried here. */
  watch?: boolean;
  /**
   * Send on a connection opened for this request alone (the heartbeat), and call this once its TLS
   * handshake is done: the server is there, however long its answer then takes. Never retried here.
   */
  ownConnection?: () => void;
  /** What to ask for, when not JSON (an alarm's instruction page is HTML). */
  accept?: string;
}

/** How many long-polls may be held at once, and over what. */
export interface WatchCapacity {
  protocol: HttpProtocol;
  /** Long-polls that can be in flight at the same time without queueing in the agent. */
  slots: number;
}
