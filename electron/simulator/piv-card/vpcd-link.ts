import { connect, type Socket } from 'node:net';
import type { VirtualPivCard } from './virtual-piv-card';

/**
 * Puts a virtual card into a vsmartcard `vpcd` reader. vpcd listens on 127.0.0.1:35963 (reader
 * "Virtual PCD 00 00") and 35964 ("00 01"); the card is the TCP client. Each message is a 2-byte
 * big-endian length and a payload: one byte is a control code (0 power off, 1 power on, 2 reset,
 * 4 "send your ATR"), anything longer is an APDU to answer. Connecting inserts the card; closing the
 * connection removes it.
 */

export const VPCD_FIRST_PORT = 35963;
const CONTROL = { powerOff: 0, powerOn: 1, reset: 2, getAtr: 4 } as const;

export interface VpcdLinkOptions {
  host?: string;
  /** 35963 for reader "Virtual PCD 00 00", 35964 for "00 01". */
  port?: number;
}

export class VpcdLink {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private readonly closedPromise: Promise<void>;

  private constructor(
    private readonly socket: Socket,
    readonly card: VirtualPivCard,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    this.closedPromise = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('close', () => (this.closed = true));
    // A reset by vpcd while we close is expected; nothing else is listening for socket errors.
    socket.on('error', () => undefined);
    card.onRemoved = () => void this.remove();
  }

  /** Inserts `card` into the vpcd reader on `port`; resolves once the reader has the connection. */
  static insert(card: VirtualPivCard, options: VpcdLinkOptions = {}): Promise<VpcdLink> {
    const host = options.host ?? '127.0.0.1';
    const port = options.port ?? VPCD_FIRST_PORT;
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.removeListener('error', reject);
        resolve(new VpcdLink(socket, card));
      });
      socket.once('error', (error) =>
        reject(new Error(`Cannot reach vpcd at ${host}:${port} (is pcscd running with vsmartcard-vpcd?): ${error.message}`)),
      );
    });
  }

  get isInserted(): boolean {
    return !this.closed;
  }

  /** Pulls the card out of the reader. */
  async remove(): Promise<void> {
    if (!this.closed) this.socket.destroy();
    await this.closedPromise;
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 2) {
      const length = this.buffer.readUInt16BE(0);
      if (this.buffer.length < 2 + length) return;
      const payload = new Uint8Array(this.buffer.subarray(2, 2 + length));
      this.buffer = this.buffer.subarray(2 + length);
      this.handle(payload);
    }
  }

  private handle(payload: Uint8Array): void {
    if (payload.length === 1) {
      switch (payload[0]) {
        case CONTROL.powerOff:
        case CONTROL.powerOn:
        case CONTROL.reset:
          this.card.reset();
          return;
        case CONTROL.getAtr:
          this.reply(this.card.atr);
          return;
        default:
          return;
      }
    }
    const response = this.card.respond(payload);
    if (response) this.reply(response);
  }

  private reply(bytes: Uint8Array): void {
    if (this.closed) return;
    const header = Buffer.alloc(2);
    header.writeUInt16BE(bytes.length);
    this.socket.write(Buffer.concat([header, Buffer.from(bytes)]));
  }
}
