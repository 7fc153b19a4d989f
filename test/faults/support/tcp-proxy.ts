// A TCP proxy on loopback that a fault row controls: the network faults the simulator's control API
// cannot make (a path that drops every connection, one that swallows packets, one that is slow).
import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * - pass: bytes go through (after `latencyMs`, each way).
 * - drop: every open connection is reset, and each new one is reset as it arrives.
 * - black-hole: connections are accepted and held open, and nothing goes through either way, as when
 *   a route loses every packet. Bytes are held, not thrown away: when the route comes back they go
 *   on, as TCP's retransmissions would deliver them.
 */
export type ProxyMode = 'pass' | 'drop' | 'black-hole';

/** One way of one connection: chunks released in order, each no sooner than `latency` after it came. */
class Lane {
  private readonly queue: Array<{ chunk: Buffer; at: number }> = [];
  private timer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    private readonly proxy: TcpProxy,
    private readonly out: () => Socket | undefined,
  ) {}

  push(chunk: Buffer): void {
    const last = this.queue.at(-1)?.at ?? 0;
    this.queue.push({ chunk, at: Math.max(last, Date.now() + this.proxy.latencyMs) });
    this.pump();
  }

  end(): void {
    this.ended = true;
    this.pump();
  }

  /** Sends what is due, unless the route is a black hole or the far side is not connected yet. */
  pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const out = this.out();
    if (!out || this.proxy.mode !== 'pass' || out.destroyed) return;
    while (this.queue.length > 0 && this.queue[0]!.at <= Date.now()) out.write(this.queue.shift()!.chunk);
    if (this.queue.length > 0) this.timer = setTimeout(() => this.pump(), this.queue[0]!.at - Date.now());
    else if (this.ended) out.end();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

interface Link {
  client: Socket;
  server: Socket | undefined;
  up: Lane;
  down: Lane;
}

export class TcpProxy {
  mode: ProxyMode = 'pass';
  latencyMs = 0;
  /** Connections accepted since the proxy started (each new TLS connection the desk opens is one). */
  accepted = 0;
  private readonly links = new Set<Link>();

  private constructor(
    private readonly listener: Server,
    readonly port: number,
    private target: { host: string; port: number } | undefined,
  ) {}

  /** Listens on 127.0.0.1 (a port of its own); `forwardTo` may be set later, before the first connection matters. */
  static async start(target?: { host: string; port: number }): Promise<TcpProxy> {
    const listener = createServer();
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(0, '127.0.0.1', () => resolve());
    });
    const address = listener.address();
    if (!address || typeof address === 'string') throw new Error('The proxy has no port');
    const proxy = new TcpProxy(listener, address.port, target);
    listener.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  forwardTo(target: { host: string; port: number }): void {
    this.target = target;
  }

  /** Sets the route's behaviour; `drop` resets every open connection now. */
  set(mode: ProxyMode, latencyMs = this.latencyMs): void {
    this.mode = mode;
    this.latencyMs = latencyMs;
    if (mode === 'drop') for (const link of [...this.links]) this.reset(link);
    if (mode === 'pass') {
      for (const link of this.links) {
        if (!link.server) this.connectUpstream(link);
        link.up.pump();
        link.down.pump();
      }
    }
  }

  /** Resets every open connection once, leaving the mode as it is. */
  resetAll(): void {
    for (const link of [...this.links]) this.reset(link);
  }

  get open(): number {
    return this.links.size;
  }

  async close(): Promise<void> {
    this.resetAll();
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.accepted++;
    if (this.mode === 'drop' || !this.target) {
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client, server: undefined, up: undefined!, down: undefined! };
    link.up = new Lane(this, () => link.server);
    link.down = new Lane(this, () => link.client);
    this.links.add(link);
    client.on('data', (chunk: Buffer) => link.up.push(chunk));
    client.on('end', () => link.up.end());
    client.on('error', () => this.reset(link));
    client.on('close', () => this.reset(link));
    if (this.mode === 'pass') this.connectUpstream(link);
  }

  private connectUpstream(link: Link): void {
    const server = connect(this.target!.port, this.target!.host);
    link.server = server;
    server.on('connect', () => link.up.pump());
    server.on('data', (chunk: Buffer) => link.down.push(chunk));
    server.on('end', () => link.down.end());
    server.on('error', () => this.reset(link));
    // A clean close from the server ends the client's side once what is still held has gone through.
    server.on('close', (hadError) => hadError && this.reset(link));
  }

  private reset(link: Link): void {
    if (!this.links.delete(link)) return;
    link.up.dispose();
    link.down.dispose();
    if (!link.client.destroyed) link.client.resetAndDestroy();
    if (link.server && !link.server.destroyed) link.server.resetAndDestroy();
  }
}
