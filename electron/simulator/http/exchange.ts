import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { TLSSocket } from 'node:tls';

const MAX_BODY_BYTES = 1024 * 1024;

interface ConnectionFacts {
  remoteAddress: string;
  certificate: Buffer | undefined;
}

/**
 * A connection's facts, read once: its address and client certificate do not change while it is open,
 * and reading the certificate again for every request cost the simulator about 0.1 s of each
 * 50,000-item start (the bench's simulator profile), on the cores the desk starts on.
 */
const factsByConnection = new WeakMap<object, ConnectionFacts>();

/**
 * One request and its response, the same whether it came over HTTP/1.1 or HTTP/2 (ALPN picks per
 * connection; node's compatibility API gives both the same shape).
 */
export class Exchange {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  private finished = false;

  constructor(
    private readonly req: IncomingMessage | Http2ServerRequest,
    private readonly res: ServerResponse | Http2ServerResponse,
    origin: string,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.url = new URL(req.url ?? '/', origin);
    this.headers = req.headers;
    this.connection = this.connectionFacts();
  }

  get remoteAddress(): string {
    return this.connection.remoteAddress;
  }

  get httpVersion(): string {
    return this.req.httpVersion;
  }

  /** DER of the TLS client certificate, if the client presented one. */
  peerCertificate(): Buffer | undefined {
    return this.connection.certificate;
  }

  /**
   * Facts of the connection the request arrived on, taken when it arrived: a request held by a fault
   * (latency) is still handled as it came in after the client has gone away.
   */
  private readonly connection: ConnectionFacts;

  private connectionFacts(): ConnectionFacts {
    const socket = this.req.socket as TLSSocket | undefined;
    // An HTTP/2 request's socket is a proxy made for its stream: the session is what lasts the connection.
    const connection = 'stream' in this.req ? this.req.stream.session : socket;
    const known = connection && factsByConnection.get(connection);
    if (known) return known;
    const address = socket?.remoteAddress ?? '';
    const cert = socket && typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
    const facts = {
      remoteAddress: address.startsWith('::ffff:') ? address.slice(7) : address,
      certificate: cert && cert.raw && cert.raw.length > 0 ? cert.raw : undefined,
    };
    if (connection) factsByConnection.set(connection, facts);
    return facts;
  }

  /** True once answered or once the client went away (a fully read request stream is destroyed too, so only the response counts). */
  get done(): boolean {
    return this.finished || this.res.destroyed;
  }

  /** Resolves when the client goes away before an answer was sent (so a held long-poll can end). */
  onAbort(listener: () => void): void {
    this.res.once('close', () => {
      if (!this.finished) listener();
    });
  }

  /** Read once and kept: a fault may read the request before the handler does (see faults.ts, latency). */
  bodyText(): Promise<string> {
    this.body ??= this.readBody();
    return this.body;
  }

  private body: Promise<string> | undefined;

  private async readBody(): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new Error('Request body is larger than 1 MiB');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.send(status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
  }

  /** Error body format is not fixed (docs/server-interface.md §Errors): the simulator answers `{message}`. */
  error(status: number, message: string): void {
    this.json(status, { message });
  }

  empty(status: number, headers: Record<string, string> = {}): void {
    this.send(status, undefined, headers);
  }

  /** A binary body (an image personal data field). */
  bytes(status: number, body: Buffer, contentType: string): void {
    if (this.done) return;
    this.finished = true;
    (this.res as ServerResponse).writeHead(status, { 'content-type': contentType, 'content-length': String(body.length) });
    this.res.end(body);
  }

  /** Raw text, for fault injection (malformed JSON). */
  send(status: number, body: string | undefined, headers: Record<string, string>): void {
    if (this.done) return;
    this.finished = true;
    const res = this.res as ServerResponse;
    res.writeHead(status, body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  }

  /** Drops the connection without an answer (fault injection). */
  destroy(): void {
    this.finished = true;
    this.req.socket?.destroy();
  }
}
