import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { TLSSocket } from 'node:tls';

const MAX_BODY_BYTES = 1024 * 1024;

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
  }

  get remoteAddress(): string {
    const address = this.req.socket?.remoteAddress ?? '';
    return address.startsWith('::ffff:') ? address.slice(7) : address;
  }

  get httpVersion(): string {
    return this.req.httpVersion;
  }

  /** DER of the TLS client certificate, if the client presented one. */
  peerCertificate(): Buffer | undefined {
    const socket = this.req.socket as TLSSocket | undefined;
    if (!socket || typeof socket.getPeerCertificate !== 'function') return undefined;
    const cert = socket.getPeerCertificate();
    return cert && cert.raw && cert.raw.length > 0 ? cert.raw : undefined;
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

  async bodyText(): Promise<string> {
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
