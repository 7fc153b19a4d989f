import { Agent, request } from 'undici';
import type { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { ANSWER_LIMITS, checkAnswerShape, type AnswerLimits } from './answer-limits';
import { authorizationHeader, type AuthForm } from './auth';
import { readBoundedText } from './bounded-body';
import { errorForFailure, errorForStatus } from './errors';
import { assertOnOrigin, withQuery, type QueryValue } from './links';
import { parsePayload } from './payload';
import { detectProtocol, type HttpProtocol } from './protocol';
import { GET_RETRY, withRetry, type RetryPolicy } from './retry';

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
}

export interface GetOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** For long-polls: how long the server may hold the request. */
  timeoutMs?: number;
  /** Send on the long-poll agent, so held requests never take connections commands need. Never retried here. */
  watch?: boolean;
}

/** How many long-polls may be held at once, and over what. */
export interface WatchCapacity {
  protocol: HttpProtocol;
  /** Long-polls that can be in flight at the same time without queueing in the agent. */
  slots: number;
}

/** HTTP/2 long-polls: a few connections, many streams each. */
const H2_CONNECTIONS = 4;
const H2_STREAMS_PER_CONNECTION = 4_000;
/** How long one certificate explanation answers for further refusals. */
const EXPLANATION_KEPT_MS = 2_000;
const DEFAULT_H1_WATCH_CONNECTIONS = 32;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
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
  private readonly connect: Record<string, unknown>;
  private readonly commands: Agent;
  private watches: Promise<{ agent: Agent; capacity: WatchCapacity }> | undefined;
  private readonly timeoutMs: number;
  private readonly h1WatchConnections: number;
  private readonly getRetry: RetryPolicy | false;
  private readonly watchProtocol: 'auto' | 'http/1.1';
  private readonly explainTlsFailure: ((err: unknown) => Promise<unknown>) | undefined;
  readonly limits: AnswerLimits;
  /** One explanation at a time: a thousand long-polls refused together need one probe, not a thousand. */
  private explaining: Promise<unknown> | undefined;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.authorization = authorizationHeader(options.auth, options.apiKey);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.h1WatchConnections = options.watchConnections ?? DEFAULT_H1_WATCH_CONNECTIONS;
    this.getRetry = options.getRetry ?? GET_RETRY;
    this.watchProtocol = options.watchProtocol ?? 'auto';
    this.explainTlsFailure = options.explainTlsFailure;
    this.limits = { ...ANSWER_LIMITS, ...options.limits };
    this.connect = { cert: options.tls.cert, key: options.tls.key, ...options.tls.connect };
    this.commands = new Agent({ connect: this.connect, allowH2: true, connections: 8 });
  }

  /** GET an href the server gave and validate the JSON answer. `what` names the call in errors. */
  async getJson<T extends z.ZodType>(href: string, schema: T, what: string, options: GetOptions = {}): Promise<z.infer<T>> {
    const url = withQuery(href, options.query ?? {});
    const once = async () => {
      const answer = await this.send(url, 'GET', undefined, what, options);
      if (answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what);
      const json = parseJson(answer.body, what);
      checkAnswerShape(json, what, this.limits);
      return parsePayload(schema, json, what);
    };
    if (options.watch || !this.getRetry) return once();
    return withRetry(once, this.getRetry, options.signal);
  }

  /** POST to an href the server gave. Resolves on 204; never retried (it may have reached the server). `signal` gives up waiting. */
  async post(href: string, body: unknown, what: string, query: Record<string, QueryValue> = {}, signal?: AbortSignal): Promise<void> {
    const url = withQuery(href, query);
    const { statusCode, body: text } = await this.send(url, 'POST', body, what, { signal });
    if (statusCode !== 204 && statusCode !== 200) throw errorForStatus(statusCode, text, what);
  }

  /** POST whose answer is JSON (a status subscription): 200 and a body fitting `schema`. Never retried. */
  async postJson<T extends z.ZodType>(href: string, body: unknown, schema: T, what: string, options: GetOptions = {}): Promise<z.infer<T>> {
    const answer = await this.send(href, 'POST', body, what, { signal: options.signal, timeoutMs: options.timeoutMs });
    if (answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what);
    return parsePayload(schema, parseJson(answer.body, what), what);
  }

  /** POST that creates: 201 with a `location` header, the new item's href (checked to be on the origin). */
  async create(href: string, body: unknown, what: string): Promise<string> {
    const answer = await this.send(href, 'POST', body, what, {});
    if (answer.statusCode !== 201) throw errorForStatus(answer.statusCode, answer.body, what);
    const location = answer.headers.location;
    const value = Array.isArray(location) ? location[0] : location;
    if (!value) throw new DeskError('invalid-response', `${what}: the server said created (201) but gave no location header`);
    const absolute = new URL(value, href).href;
    assertOnOrigin(absolute, this.origin);
    return absolute;
  }

  /** PATCH an href the server gave. The success code is not fixed (docs/server-interface.md §Cardholder and PIV card endpoints): any 2xx is success. Never retried. */
  async patch(href: string, body: unknown, what: string): Promise<void> {
    const answer = await this.send(href, 'PATCH', body, what, {});
    if (answer.statusCode < 200 || answer.statusCode > 299) throw errorForStatus(answer.statusCode, answer.body, what);
  }

  /** DELETE an href the server gave; any 2xx is success. Not retried: the operator sees the outcome and decides. */
  async delete(href: string, what: string): Promise<void> {
    const answer = await this.send(href, 'DELETE', undefined, what, {});
    if (answer.statusCode < 200 || answer.statusCode > 299) throw errorForStatus(answer.statusCode, answer.body, what);
  }

  /**
   * How many long-polls can be held at once. Asks the server for HTTP/2 by ALPN the first time and
   * shapes the long-poll agent by the answer (see protocol.ts).
   */
  async watchCapacity(): Promise<WatchCapacity> {
    return (await this.watchAgent()).capacity;
  }

  async close(): Promise<void> {
    const watches = this.watches;
    this.watches = undefined;
    const watchAgent = watches ? await watches.then((w) => w.agent).catch(() => undefined) : undefined;
    await Promise.all([this.commands.close(), watchAgent?.close()]);
  }

  private watchAgent(): Promise<{ agent: Agent; capacity: WatchCapacity }> {
    this.watches ??= this.watchProtocolToUse().then(
      (protocol) => this.buildWatchAgent(protocol),
      (err: unknown) => {
        this.watches = undefined; // try again next time: the server may be back
        throw err;
      },
    );
    return this.watches;
  }

  private watchProtocolToUse(): Promise<HttpProtocol> {
    if (this.watchProtocol === 'http/1.1') return Promise.resolve('http/1.1');
    return detectProtocol(new URL(this.origin), this.connect as never);
  }

  private buildWatchAgent(protocol: HttpProtocol): { agent: Agent; capacity: WatchCapacity } {
    if (protocol === 'h2') {
      // undici runs one request per client at a time unless `pipelining` allows more; on HTTP/2 that
      // number is the streams multiplexed on one connection.
      const agent = new Agent({
        connect: this.connect,
        allowH2: true,
        connections: H2_CONNECTIONS,
        pipelining: H2_STREAMS_PER_CONNECTION,
        maxConcurrentStreams: H2_STREAMS_PER_CONNECTION,
      });
      return { agent, capacity: { protocol, slots: H2_CONNECTIONS * H2_STREAMS_PER_CONNECTION } };
    }
    const agent = new Agent({ connect: this.connect, allowH2: false, connections: this.h1WatchConnections, pipelining: 1 });
    return { agent, capacity: { protocol, slots: this.h1WatchConnections } };
  }

  private async send(url: string, method: Method, body: unknown, what: string, options: GetOptions): Promise<Answer> {
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
      const dispatcher = options.watch ? (await this.watchAgent()).agent : this.commands;
      const res = await request(url, { ...init, dispatcher });
      const limit = options.watch ? this.limits.watchAnswerBytes : this.limits.answerBytes;
      const text = await readBoundedText(res.body, limit, what, res.headers['content-length']);
      return { statusCode: res.statusCode, headers: res.headers, body: text };
    } catch (err) {
      if (options.signal?.aborted) throw new DeskError('network', `${what}: cancelled`);
      const error = errorForFailure(err, what);
      if (error.code === 'certificate') throw await this.explainCertificate(err, error);
      throw error;
    }
  }

  private async explainCertificate(err: unknown, fallback: DeskError): Promise<DeskError> {
    if (!this.explainTlsFailure) return fallback;
    // Kept a moment after it answers: requests refused together arrive spread out on a busy machine.
    this.explaining ??= this.explainTlsFailure(err).finally(() => {
      setTimeout(() => (this.explaining = undefined), EXPLANATION_KEPT_MS).unref();
    });
    const explained = await this.explaining.catch(() => undefined);
    return explained instanceof DeskError ? explained : fallback;
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DeskError('invalid-response', `${what}: the server's answer is not JSON`);
  }
}
