import { Agent, request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../electron/simulator/index';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read arbitrary JSON shapes from the server; each test checks what it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** A client of the simulator over real TLS with the generated client certificate. */
export class TestClient {
  readonly agent: Agent;
  authorization: string | undefined;

  constructor(
    readonly sim: RunningSimulator,
    options: { cert?: { cert: string; key: string } | null; allowH2?: boolean; authorization?: string } = {},
  ) {
    const cert = options.cert === undefined ? { cert: sim.clientCertPem, key: sim.clientKeyPem } : options.cert;
    this.agent = new Agent({
      allowH2: options.allowH2 ?? false,
      connect: { ca: sim.serverCertPem, ...(cert ? { cert: cert.cert, key: cert.key } : {}) },
    });
    this.authorization = options.authorization ?? `${sim.authScheme} ${sim.apiKey}`;
  }

  async send(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await request(url.startsWith('http') ? url : `${this.sim.url}${url}`, {
      method: method as 'GET',
      dispatcher: this.agent,
      headers: { ...(this.authorization !== undefined ? { authorization: this.authorization } : {}), ...headers },
      body,
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (e.g. an injected malformed body): tests read `text` instead.
    }
    return { status: res.statusCode, headers: res.headers, text, json };
  }

  get(url: string): Promise<Reply> {
    return this.send('GET', url);
  }

  post(url: string, body?: unknown): Promise<Reply> {
    return body === undefined
      ? this.send('POST', url)
      : this.send('POST', url, typeof body === 'string' ? body : JSON.stringify(body), { 'content-type': 'application/json' });
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Appends query parameters to an href that may already carry a query string. */
export function withQuery(href: string, params: Record<string, string>): string {
  const url = new URL(href);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Follows `features.doors.doors.href` etc. from /api. */
export async function feature(client: TestClient, group: string, key: string): Promise<string> {
  const api = await client.get('/api');
  const href = api.json?.features?.[group]?.[key]?.href;
  if (typeof href !== 'string') throw new Error(`/api has no features.${group}.${key}`);
  return href;
}

export async function startWithClient(options: SimulatorOptions = {}): Promise<{ sim: RunningSimulator; client: TestClient }> {
  const sim = await startSimulator(options);
  return { sim, client: new TestClient(sim) };
}

/** A simulator and a client of it with its API key, shared by the tests of one describe block. */
export interface SimulatorUnderTest {
  readonly sim: RunningSimulator;
  readonly client: TestClient;
  /** A client with another operator's API key (the same one for the same key), closed after the last test. */
  as(apiKey: string): TestClient;
}

/**
 * Starts a simulator with a client before the first test of the describe block (or file) this is
 * called in, and closes both after the last. `start` is `startWithClient` by default; a file with its
 * own way to start one (a version, a site) passes it.
 */
export function simulatorForTheseTests(
  start: SimulatorOptions | (() => Promise<{ sim: RunningSimulator; client: TestClient }>) = {},
): SimulatorUnderTest {
  let started: { sim: RunningSimulator; client: TestClient } | undefined;
  const others = new Map<string, TestClient>();
  beforeAll(async () => {
    started = await (typeof start === 'function' ? start() : startWithClient(start));
  });
  afterAll(async () => {
    for (const other of others.values()) await other.close();
    others.clear();
    await started?.client.close();
    await started?.sim.stop();
  });
  const current = () => {
    if (!started) throw new Error('the simulator is started before the first test of its block');
    return started;
  };
  return {
    get sim() {
      return current().sim;
    },
    get client() {
      return current().client;
    },
    as(apiKey) {
      const { sim } = current();
      let other = others.get(apiKey);
      if (!other) {
        other = new TestClient(sim, { authorization: `${sim.authScheme} ${apiKey}` });
        others.set(apiKey, other);
      }
      return other;
    },
  };
}
