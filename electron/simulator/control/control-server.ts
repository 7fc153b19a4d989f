import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ControlError, type SimulatorControl } from './operations';

export interface ControlListener {
  port: number;
  close(): Promise<void>;
}

type Route = (match: RegExpExecArray, body: unknown, url: URL) => unknown;

/**
 * The control API: plain HTTP/JSON on 127.0.0.1 only, for tests and demos. Each route is a thin
 * wrapper over one SimulatorControl operation.
 */
export async function listenControl(control: SimulatorControl, port: number): Promise<ControlListener> {
  const routes: [string, RegExp, Route][] = [
    ['PATCH', /^\/items\/([a-z_]+)\/([^/]+)$/, (m, body) => control.patchItem(m[1]!, decodeURIComponent(m[2]!), body)],
    ['GET', /^\/events$/, (_m, _b, url) => ({ events: control.events(Number(url.searchParams.get('since') ?? '0') || 0) })],
    ['GET', /^\/time$/, () => ({ now: new Date(control.now()).toISOString() })],
    ['POST', /^\/time\/advance$/, (_m, body) => control.advanceTime(Number(field(body, 'ms')))],
    ['PATCH', /^\/controllers\/([^/]+)$/, (m, body) => control.setControllerOnline(decodeURIComponent(m[1]!), field(body, 'online') as boolean)],
    ['PATCH', /^\/server$/, (_m, body) => control.setProcessOnline(field(body, 'processOnline') as boolean)],
    ['PUT', /^\/faults$/, (_m, body) => control.setFaults(body)],
    ['DELETE', /^\/faults$/, () => control.clearFaults()],
    ['POST', /^\/connections\/drop$/, () => control.dropConnections()],
    ['POST', /^\/restart$/, () => control.restart()],
    ['PUT', /^\/licences$/, (_m, body) => control.setLicences(body)],
    ['PATCH', /^\/operator-groups\/([^/]+)$/, (m, body) => control.setOperatorGroup(decodeURIComponent(m[1]!), body)],
    ['POST', /^\/rest-clients\/([^/]+)\/refresh$/, (m) => control.refreshRestClient(decodeURIComponent(m[1]!))],
    ['POST', /^\/rest-clients\/([^/]+)\/revoke-key$/, (m) => control.revokeKey(decodeURIComponent(m[1]!))],
    ['GET', /^\/requests$/, () => ({ restRequests: control.restRequests(), held: control.heldRequests() })],
    ['GET', /^\/subscriptions$/, () => ({ subscriptions: control.subscriptions() })],
    ['POST', /^\/subscriptions\/drop$/, () => control.dropSubscriptions()],
    ['POST', /^\/subscriptions\/wake$/, () => control.wakeSubscriptions()],
    ['POST', /^\/subscriptions\/repeat$/, () => control.repeatSubscriptions()],
    ['POST', /^\/alarms$/, (_m, body) => control.raiseAlarm(body)],
    ['POST', /^\/alarms\/flood$/, (_m, body) => control.floodAlarms(body)],
    ['POST', /^\/alarms\/bookmarks\/forget$/, () => control.forgetAlarmBookmarks()],
    ['GET', /^\/alarms\/count$/, () => ({ unprocessed: control.unprocessedAlarms() })],
    ['POST', /^\/alarms\/([^/]+)\/restore$/, (m) => control.restoreAlarm(decodeURIComponent(m[1]!))],
  ];

  const server: Server = createServer((req, res) => {
    void serve(req, res, routes);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, routes: [string, RegExp, Route][]): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const reply = (status: number, body?: unknown) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    res.writeHead(status, text === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  };
  try {
    for (const [method, pattern, route] of routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      if (req.method !== method) continue;
      const body = await readJson(req);
      const result = await route(match, body, url);
      return result === undefined ? reply(204) : reply(200, result);
    }
    reply(404, { message: `No control operation ${req.method} ${url.pathname}` });
  } catch (err) {
    if (err instanceof ControlError) return reply(err.status, { message: err.message });
    reply(500, { message: (err as Error).message });
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ControlError(400, 'The request body is not valid JSON');
  }
}
