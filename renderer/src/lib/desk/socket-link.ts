import { DeskError } from '../../../../shared/errors';
import { MAX_CALL_MESSAGE_BYTES, ServerMessage, type CallMessage } from '../../../../shared/wire';
import { backoffDelay } from '../../../../shared/backoff';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { describeIssues, type ProblemReporter } from './problems';
import type { LinkState, Link } from './link';

/**
 * The slice of the WebSocket API this link uses: the browser's WebSocket and the `ws` package's
 * client (in tests) both fit it.
 */
export interface SocketLike {
  readonly readyState: number;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (ev: { readonly type: string; readonly data?: unknown }) => void): void;
  send(data: string): void;
  close(): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface SocketLinkOptions {
  url: string;
  openSocket: SocketFactory;
  report: ProblemReporter;
  backoff?: BackoffPolicy;
  now?: () => number;
}

const OPEN = 1;

interface Pending {
  resolve: (reply: unknown) => void;
  reject: (err: Error) => void;
}

/** A link over the browser host's WebSocket, exposing `close()` so a page or a test can end it. */
export interface SocketLink extends Link {
  close(): void;
}

/**
 * The browser host's WebSocket. Calls are never queued while the socket is down (an override sent
 * late is dangerous): they fail at once. A dropped socket is reopened with back-off; calls still
 * waiting for an answer fail, since whether main acted on them is unknown.
 */
export function createSocketLink(options: SocketLinkOptions): SocketLink {
  const { url, openSocket, report } = options;
  const policy = options.backoff ?? DEFAULT_BACKOFF;
  const now = options.now ?? Date.now;

  const eventListeners = new Set<(name: string, payload: unknown) => void>();
  const linkListeners = new Set<(state: LinkState) => void>();
  const pending = new Map<number, Pending>();
  let link: LinkState = { phase: 'connecting', since: now() };
  let socket: SocketLike | undefined;
  let nextId = 1;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setLink = (state: LinkState) => {
    link = state;
    for (const listener of linkListeners) listener(state);
  };

  const failPending = (message: string) => {
    for (const { reject } of pending.values()) reject(new DeskError('network', message));
    pending.clear();
  };

  const handleMessage = (data: unknown) => {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      report('Ignored a message from the Gatehouse host that is not JSON');
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      report(`Ignored a malformed message from the Gatehouse host: ${describeIssues(parsed.error.issues)}`);
      return;
    }
    const message = parsed.data;
    if (message.type === 'event') {
      for (const listener of eventListeners) listener(message.name, message.payload);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) {
      report(`Ignored a reply to call ${message.id}, which is not waiting for one`);
      return;
    }
    pending.delete(message.id);
    waiting.resolve(message.reply);
  };

  const scheduleRetry = (reason: string) => {
    const delay = backoffDelay(attempt++, policy.firstMs, policy.maxMs);
    const at = now();
    // One outage keeps its start time and its first reason ("lost the link" stays true while retrying).
    const ongoing = link.phase === 'reconnecting' ? link : undefined;
    setLink({ phase: 'reconnecting', since: ongoing?.since ?? at, nextAttemptAt: at + delay, reason: ongoing?.reason ?? reason });
    retryTimer = setTimeout(connect, delay);
  };

  function connect() {
    retryTimer = undefined;
    if (closed) return;
    let opened = false;
    const ws = openSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      opened = true;
      attempt = 0;
      setLink({ phase: 'open', since: now() });
    });
    ws.addEventListener('message', (ev) => handleMessage(ev.data));
    // An 'error' is always followed by 'close', which does the work; the listener must still exist,
    // as some WebSocket implementations (the `ws` package) throw an error nobody listens for.
    ws.addEventListener('error', () => {});
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = undefined;
      failPending('The link to the Gatehouse host dropped before the answer came; the result is unknown');
      if (closed) return;
      // A browser does not say why an upgrade failed: a stopped host and a refused token look alike.
      scheduleRetry(opened ? 'Lost the link to the Gatehouse host' : 'Cannot reach the Gatehouse host, or it refused this page');
    });
  }

  connect();

  return {
    request(name, params) {
      if (!socket || socket.readyState !== OPEN) {
        return Promise.reject(new DeskError('offline', 'Not connected to the Gatehouse host: nothing was sent'));
      }
      const id = nextId++;
      const message: CallMessage = { type: 'call', id, name, params };
      const text = JSON.stringify(message);
      // The host closes a socket that sends more (1009), which would drop every other call in flight.
      const bytes = new TextEncoder().encode(text).length;
      if (bytes > MAX_CALL_MESSAGE_BYTES) {
        const kib = (n: number) => Math.ceil(n / 1024);
        return Promise.reject(
          new DeskError('invalid-call', `${name} is ${kib(bytes)} KiB, more than the ${kib(MAX_CALL_MESSAGE_BYTES)} KiB the link to the Gatehouse host carries: nothing was sent`),
        );
      }
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket!.send(text);
      });
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onLink(listener) {
      linkListeners.add(listener);
      listener(link);
      return () => linkListeners.delete(listener);
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const ws = socket;
      socket = undefined;
      failPending('The Gatehouse window closed the link');
      ws?.close();
    },
  };
}
