import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

/**
 * Debian's Chromium with no DevTools client on a page while it loads or is measured. Playwright
 * enables the Network domain on every page it drives, and Chromium then copies each WebSocket frame's
 * payload to it: the board parts of a cold start go through the DevTools pipe and Playwright's process
 * as well, which no desk pays. Here a page is opened through the DevTools HTTP endpoint (no session on
 * it) and read only afterwards, over a session that uses nothing but Runtime.
 */
export interface UnwatchedChromium {
  /** Its DevTools HTTP endpoint: Playwright can connect to it for a while (chromium.connectOverCDP) and let go. */
  endpoint: string;
  open(url: string): Promise<UnwatchedPage>;
  /** A session on the page `targetId` that uses Runtime alone: it reads the page without copying its traffic. */
  runtimeSession(targetId: string): Promise<RuntimeSession>;
  close(): Promise<void>;
}

/** One DevTools session kept open on a page, for many calls. */
export interface RuntimeSession {
  /** Evaluates `expression` in the page (a promise is awaited) and answers its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Any other DevTools method, for a reading such as Performance.getMetrics. */
  send<T>(method: string, params?: Record<string, unknown>): Promise<T>;
  close(): void;
}

export interface UnwatchedPage {
  /** Evaluates `expression` in the page (a promise is awaited) and answers its value. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

export async function launchUnwatchedChromium(executable: string): Promise<UnwatchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'gatehouse-bench-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic', '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-size=1920,1080', 'about:blank'],
    // A process group of its own, so closing ends its helpers too (they write to the profile as they go).
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => {
      const listening = /DevTools listening on ws:\/\/([^/]+)\//.exec(line);
      if (listening) resolve(`http://${listening[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`Chromium (${executable}) exited (${code}) before its DevTools endpoint answered`)));
  });
  return {
    endpoint,
    runtimeSession: (targetId) => openRuntimeSession(`${endpoint.replace(/^http/, 'ws')}/devtools/page/${targetId}`),
    open: async (url) => {
      const answer = await fetch(`${endpoint}/json/new?${encodeURIComponent(url)}`, { method: 'PUT' });
      if (!answer.ok) throw new Error(`Chromium would not open ${url}: ${answer.status} ${await answer.text()}`);
      const target = (await answer.json()) as Target;
      return {
        evaluate: (expression) => evaluateOnce(target.webSocketDebuggerUrl, expression),
        close: async () => void (await fetch(`${endpoint}/json/close/${target.id}`)),
      };
    },
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
      } catch (err) {
        // The figures are taken by now; a profile folder left in /tmp must not lose them.
        console.error(`bench: left Chromium's profile ${profile} behind (${(err as Error).message})`);
      }
    },
  };
}

/** One Runtime.evaluate over a session of its own, closed once answered. */
async function evaluateOnce<T>(debuggerUrl: string, expression: string): Promise<T> {
  const session = await openRuntimeSession(debuggerUrl);
  try {
    return await session.evaluate<T>(expression);
  } finally {
    session.close();
  }
}

/** A session kept open: each call has its own id, and a call in flight when the session closes fails. */
async function openRuntimeSession(debuggerUrl: string): Promise<RuntimeSession> {
  const ws = new WebSocket(debuggerUrl, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, { method: string; resolve: (message: CdpReply) => void; reject: (err: Error) => void }>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as CdpReply;
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id!);
    waiter.resolve(message);
  });
  ws.on('close', () => {
    for (const [id, waiter] of pending) {
      pending.delete(id);
      waiter.reject(new Error(`DevTools session closed before ${waiter.method} was answered`));
    }
  });
  const send = async <T>(method: string, params: Record<string, unknown> = {}): Promise<T> => {
    const id = nextId++;
    const reply = new Promise<CdpReply>((resolve, reject) => pending.set(id, { method, resolve, reject }));
    ws.send(JSON.stringify({ id, method, params }));
    const { result, error } = await reply;
    if (error) throw new Error(`${method} failed: ${error.message ?? 'no reason given'}`);
    return result as T;
  };
  return {
    send,
    evaluate: async <T>(expression: string) => {
      const answer = await send<{ result?: { value?: unknown }; exceptionDetails?: { text?: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (answer.exceptionDetails) throw new Error(`the page could not evaluate ${expression}: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
      return answer.result?.value as T;
    },
    close: () => ws.close(),
  };
}

interface CdpReply {
  id?: number;
  result?: unknown;
  error?: { message?: string };
}
