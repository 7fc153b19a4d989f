import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { ANSWER_LIMITS, checkAnswerShape, type AnswerLimits } from './answer-limits';
import { withholdFromLogs } from '../log/known-secrets';
import { authorizationHeader } from './auth';
import { readBoundedBytes, readBoundedText } from './bounded-body';
import { errorForFailure, errorForStatus } from './errors';
import { OwnConnections } from './own-connection';
import { assertOnOrigin, withQuery, type QueryValue } from './links';
import { parsePayload } from './payload';
import { detectProtocol, type HttpProtocol } from './protocol';
import { RefusalBudget } from './refusal-budget';
import { buildWatchAgent } from './watch-agent';
import { HTTP2_WINDOWS, type GetOptions, type TransportOptions, type WatchCapacity } from './transport-options';
import { GET_RETRY, withRetry, type RetryPolicy } from './retry';

export type { GetOptions, TlsMaterial, TransportOptions, WatchCapacity } from './transport-options';

/** How long one certificate explanation answers for further refusals. */
const EXPLANATION_KEPT_MS = 2_000;
const DEFAULT_H1_WATCH_CONNECTIONS = 32;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** undici's request options, less the dispatcher, which each call picks. */
type RequestInit = Omit<NonNullable<Parameters<typeof request>[1]>, 'dispatcher'>;
/** What a refused key check hands each request waiting on it: the server's 401, or a refused certificate. */
type Refusal = { answer: Answer } | { failure: unknown };
/** The key check answers at once when the server is there; past this the requests waiting on it go and find out. */
const KEY_CHECK_TIMEOUT_MS = 5_000;

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
  /** Requests that leave together when the key may have just been revoked: see RefusalBudget. */
  private readonly budget = new RefusalBudget<Refusal>(() => this.checkKey());
  private readonly own: OwnConnections;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.authorization = authorizationHeader(options.auth, options.apiKey);
    // Whatever format the key has, the log can find it (and its Basic form) in any text it is handed.
    withholdFromLogs(options.apiKey);
    withholdFromLogs(this.authorization.slice(this.authorization.indexOf(' ') + 1));
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.h1WatchConnections = options.watchConnections ?? DEFAULT_H1_WATCH_CONNECTIONS;
    this.getRetry = options.getRetry ?? GET_RETRY;
    this.watchProtocol = options.watchProtocol ?? 'auto';
    this.explainTlsFailure = options.explainTlsFailure;
    this.limits = { ...ANSWER_LIMITS, ...options.limits };
    this.connect = { cert: options.tls.cert, key: options.tls.key, ...options.tls.connect };
    this.commands = new Agent({ connect: this.connect, allowH2: true, connections: 8, ...HTTP2_WINDOWS });
    this.commands.on('disconnect', (_origin, _targets, err) => this.disconnected(err));
    this.own = new OwnConnections(this.origin, this.connect);
  }

  /** GET an href the server gave and validate the JSON answer. `what` names the call in errors. */
  async getJson<T extends z.ZodType>(href: string, schema: T, what: string, options: GetOptions = {}): Promise<z.infer<T>> {
    const url = withQuery(href, options.query ?? {});
    const once = async () => {
      const answer = await this.send(url, 'GET', undefined, what, options);
      if (answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
      const json = parseJson(answer.body, what);
      checkAnswerShape(json, what, this.limits);
      return parsePayload(schema, json, what);
    };
    if (options.watch || options.ownConnection || !this.getRetry) return once();
    return withRetry(once, this.getRetry, options.signal);
  }

  /** GET an href the server gave whose answer is a page, not JSON (an alarm's instructions); retried as getJson is. */
  async getText(href: string, what: string, options: GetOptions = {}): Promise<string> {
    const once = async () => {
      const answer = await this.send(href, 'GET', undefined, what, { ...options, accept: options.accept ?? 'text/html' });
      if (answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
      return answer.body;
    };
    return this.getRetry ? withRetry(once, this.getRetry, options.signal) : once();
  }

  /**
   * GET an href the server gave whose answer is an image (a cardholder's photo): its bytes and content
   * type, read up to the answer limit on the commands' connections. Not retried: a missing photo is shown as missing.
   */
  async getImage(href: string, what: string): Promise<{ contentType: string; bytes: Buffer }> {
    assertOnOrigin(href, this.origin);
    try {
      const res = await request(href, {
        method: 'GET',
        headers: { authorization: this.authorization, accept: 'image/png, image/jpeg, image/bmp' },
        dispatcher: this.commands,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const bytes = await readBoundedBytes(res.body, this.limits.answerBytes, what, res.headers['content-length']);
      if (res.statusCode !== 200) throw errorForStatus(res.statusCode, bytes.toString('utf8'), what, res.headers);
      const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!/^image\/(png|jpeg|bmp)$/.test(type)) throw new DeskError('invalid-response', `${what}: the server's answer is not a PNG, JPEG or BMP image`);
      return { contentType: type, bytes };
    } catch (err) {
      if (err instanceof DeskError) throw err;
      throw errorForFailure(err, what);
    }
  }

  /** POST to an href the server gave. Resolves on 204; never retried (it may have reached the server). `signal` gives up waiting. */
  async post(href: string, body: unknown, what: string, query: Record<string, QueryValue> = {}, signal?: AbortSignal): Promise<{ statusCode: number; body: string }> {
    const url = withQuery(href, query);
    const answer = await this.send(url, 'POST', body, what, { signal });
    if (answer.statusCode !== 204 && answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
    return { statusCode: answer.statusCode, body: answer.body };
  }

  /** POST whose answer is JSON (a status subscription): 200 and a body fitting `schema`. Never retried. */
  async postJson<T extends z.ZodType>(href: string, body: unknown, schema: T, what: string, options: GetOptions = {}): Promise<z.infer<T>> {
    const answer = await this.send(href, 'POST', body, what, { signal: options.signal, timeoutMs: options.timeoutMs });
    if (answer.statusCode !== 200) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
    return parsePayload(schema, parseJson(answer.body, what), what);
  }

  /** POST that creates: 201 with a `location` header, the new item's href (checked to be on the origin). */
  async create(href: string, body: unknown, what: string): Promise<string> {
    const answer = await this.send(href, 'POST', body, what, {});
    if (answer.statusCode !== 201) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
    const location = answer.headers.location;
    const value = Array.isArray(location) ? location[0] : location;
    if (!value) throw new DeskError('invalid-response', `${what}: the server said created (201) but gave no location header`);
    const absolute = new URL(value, href).href;
    assertOnOrigin(absolute, this.origin);
    return absolute;
  }

  /** PATCH an href the server gave. The success code is not fixed (docs/server-endpoints.md §Cardholder and PIV card endpoints): any 2xx is success. Never retried. */
  async patch(href: string, body: unknown, what: string): Promise<void> {
    const answer = await this.send(href, 'PATCH', body, what, {});
    if (answer.statusCode < 200 || answer.statusCode > 299) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
  }

  /** DELETE an href the server gave; any 2xx is success. Not retried: the operator sees the outcome and decides. */
  async delete(href: string, what: string): Promise<void> {
    const answer = await this.send(href, 'DELETE', undefined, what, {});
    if (answer.statusCode < 200 || answer.statusCode > 299) throw errorForStatus(answer.statusCode, answer.body, what, answer.headers);
  }

  /**
   * How many long-polls can be held at once. Asks the server for HTTP/2 by ALPN the first time and
   * shapes the long-poll agent by the answer (see protocol.ts).
   */
  async watchCapacity(): Promise<WatchCapacity> {
    return (await this.watchAgent()).capacity;
  }

  /**
   * New long-polls go on new connections. A poll unanswered long after it was due may sit on an HTTP/2
   * session that delivers nothing, and undici keeps such a session for every later stream; the polls
   * still on the old connections end by their own deadlines, and then the old agent closes.
   */
  renewWatchConnections(): void {
    const old = this.watches;
    this.watches = undefined;
    void old?.then((w) => w.agent.close(), () => undefined);
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
    const built = buildWatchAgent(protocol, this.connect, this.h1WatchConnections);
    built.agent.on('disconnect', (_origin, _targets, err) => this.disconnected(err));
    return built;
  }

  /** Only the server's doing counts: a reset, or a close (GOAWAY); not the desk closing, nor an idle timeout. */
  private disconnected(err: Error | undefined): void {
    const code = (err as { code?: string } | undefined)?.code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') this.options.serverClosed?.(err!.message);
  }

  private async send(url: string, method: Method, body: unknown, what: string, options: GetOptions): Promise<Answer> {
    assertOnOrigin(url, this.origin);
    const timeout = options.timeoutMs ?? this.timeoutMs;
    const init = {
      method,
      headers: {
        authorization: this.authorization,
        accept: options.accept ?? 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    };
    // The heartbeat's own connection is closed with its one request, answered or not.
    const own = options.ownConnection ? this.own.open(options.ownConnection) : undefined;
    try {
      const dispatcher = own?.dispatcher ?? (options.watch ? (await this.watchAgent()).agent : this.commands);
      const admission = await this.budget.admit(options.signal);
      if (options.signal?.aborted) throw new DeskError('network', `${what}: cancelled`);
      if ('refused' in admission) {
        // Refused with the key check, unsent: the caller reads the check's answer as its own.
        if ('answer' in admission.refused) return admission.refused.answer;
        throw admission.refused.failure;
      }
      const answer = await this.exchange(url, init, dispatcher, options.watch ? this.limits.watchAnswerBytes : this.limits.answerBytes, what);
      if (answer.statusCode !== 401) admission.proven();
      return answer;
    } catch (err) {
      if (options.signal?.aborted) throw new DeskError('network', `${what}: cancelled`);
      const error = errorForFailure(err, what);
      if (error.code === 'certificate') throw await this.explainCertificate(err, error);
      throw error;
    } finally {
      own?.close();
    }
  }

  private async exchange(url: string, init: RequestInit, dispatcher: Dispatcher, limit: number, what: string): Promise<Answer> {
    const res = await request(url, { ...init, dispatcher });
    const text = await readBoundedText(res.body, limit, what, res.headers['content-length']);
    return { statusCode: res.statusCode, headers: res.headers, body: text };
  }

  /** The budget's one question: does the server still take this key and certificate? (see RefusalBudget) */
  private async checkKey(): Promise<Refusal | undefined> {
    const what = 'The key check';
    // A deadline on the whole exchange, connecting and queueing included: every burst waits on this one request.
    const init = { method: 'GET' as const, headers: { authorization: this.authorization, accept: 'application/json' }, signal: AbortSignal.timeout(KEY_CHECK_TIMEOUT_MS) };
    try {
      const answer = await this.exchange(`${this.baseUrl}/api`, init, this.commands, this.limits.answerBytes, what);
      return answer.statusCode === 401 ? { answer } : undefined;
    } catch (err) {
      return errorForFailure(err, what).code === 'certificate' ? { failure: err } : undefined;
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
