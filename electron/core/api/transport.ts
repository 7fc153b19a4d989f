import { Agent, request } from 'undici';
import type { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { authorizationHeader, type AuthForm } from './auth';
import { errorForFailure, errorForStatus } from './errors';
import { assertOnOrigin, withQuery, type QueryValue } from './links';
import { parsePayload } from './payload';

/** TLS material for mutual TLS; `connect` extras (such as a pinned server check) come from the vault. */
export interface TlsMaterial {
  /** The client certificate and key (PEM). A site may run without one (spec, Authentication 5). */
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
  /** Connections the long-poll agent may open on HTTP/1.1; HTTP/2 multiplexes over fewer. */
  watchConnections?: number;
}

export interface GetOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** For long-polls: how long the server may hold the request. */
  timeoutMs?: number;
  /** Send on the long-poll agent, so held requests never take connections commands need. */
  watch?: boolean;
}

/**
 * HTTPS to one access-control server: mutual TLS, the API key header, hrefs checked to be on the
 * server's origin, answers validated against schemas. Commands and long-polls use separate agents so
 * thousands of held long-polls cannot starve an operator's override.
 */
export class Transport {
  readonly origin: string;
  readonly baseUrl: string;
  private readonly authorization: string;
  private readonly commands: Agent;
  private readonly watches: Agent;
  private readonly timeoutMs: number;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.authorization = authorizationHeader(options.auth, options.apiKey);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    const connect = { cert: options.tls.cert, key: options.tls.key, ...options.tls.connect };
    this.commands = new Agent({ connect, allowH2: true, connections: 8 });
    this.watches = new Agent({ connect, allowH2: true, connections: options.watchConnections ?? 64 });
  }

  /** GET an href the server gave and validate the JSON answer. `what` names the call in errors. */
  async getJson<T extends z.ZodType>(href: string, schema: T, what: string, options: GetOptions = {}): Promise<z.infer<T>> {
    const url = withQuery(href, options.query ?? {});
    const { statusCode, body } = await this.send(url, 'GET', undefined, what, options);
    if (statusCode !== 200) throw errorForStatus(statusCode, body, what);
    return parsePayload(schema, parseJson(body, what), what);
  }

  /** POST to an href the server gave. Resolves on 204; never retried (it may have reached the server). */
  async post(href: string, body: unknown, what: string, query: Record<string, QueryValue> = {}): Promise<void> {
    const url = withQuery(href, query);
    const { statusCode, body: text } = await this.send(url, 'POST', body, what, {});
    if (statusCode !== 204 && statusCode !== 200) throw errorForStatus(statusCode, text, what);
  }

  async close(): Promise<void> {
    await Promise.all([this.commands.close(), this.watches.close()]);
  }

  private async send(
    url: string,
    method: 'GET' | 'POST',
    body: unknown,
    what: string,
    options: GetOptions,
  ): Promise<{ statusCode: number; body: string }> {
    assertOnOrigin(url, this.origin);
    const timeout = options.timeoutMs ?? this.timeoutMs;
    const init = {
      method,
      headers: {
        authorization: this.authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    };
    try {
      const res = await request(url, { ...init, dispatcher: options.watch ? this.watches : this.commands });
      return { statusCode: res.statusCode, body: await res.body.text() };
    } catch (err) {
      if (options.signal?.aborted) throw new DeskError('network', `${what}: cancelled`);
      throw errorForFailure(err, what);
    }
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DeskError('invalid-response', `${what}: the server's answer is not JSON`);
  }
}
