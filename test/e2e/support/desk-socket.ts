import { WebSocket } from 'ws';
import type { BoardPage } from '../../../shared/contract/board';
import { SharedReader, unpackItem } from '../../../shared/contract/board-packing';
import type { BoardItem } from '../../../shared/domain';
import { forTheseTests } from './for-these-tests';

/**
 * A contract client of the browser host, as the page is one: the desk WebSocket with this launch's
 * token and the host's own Origin. For tests and the bench that read the desk without a page.
 */
export interface DeskSocket {
  call<T>(name: string, params?: unknown): Promise<T>;
  /** Every event payload of `name` from now on. */
  on(name: string, listener: (payload: unknown) => void): void;
  close(): void;
}

/** One desk socket on `host` for the tests of this spec file (or describe block), closed after the last. */
export function deskSocketForTheseTests(host: { url: string }): DeskSocket {
  return forTheseTests(() => openDeskSocket(host.url), (socket) => socket.close());
}

export async function openDeskSocket(hostUrl: string): Promise<DeskSocket> {
  const url = new URL(hostUrl);
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  const ws = new WebSocket(`ws://${url.host}/desk?token=${encodeURIComponent(token)}`, { origin: url.origin });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`desk socket refused: ${res.statusCode}`)));
  });
  let nextId = 1;
  const pending = new Map<number, { name: string; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  // A call in flight when the socket goes would otherwise wait forever: no reply can come on a closed
  // socket, and a caller's own time limit is only looked at between calls.
  let closedBecause: string | undefined;
  const fail = (why: string) => {
    closedBecause ??= why;
    for (const [id, waiter] of pending) {
      pending.delete(id);
      waiter.reject(new Error(`desk call ${waiter.name} got no reply: ${closedBecause}`));
    }
  };
  ws.on('close', (code, reason) => fail(`the desk socket closed (${code}${reason.length ? ` ${String(reason)}` : ''})`));
  ws.on('error', (err) => fail(`the desk socket failed (${err.message})`));
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: number; name?: string; payload?: unknown; reply?: { ok: boolean; value?: unknown; error?: { message?: string } } };
    if (message.type === 'reply' && message.id !== undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.reply?.ok) waiter?.resolve(message.reply.value);
      else waiter?.reject(new Error(`desk call failed: ${message.reply?.error?.message ?? 'unknown error'}`));
    } else if (message.type === 'event' && message.name) {
      for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
    }
  });
  return {
    call: <T>(name: string, params: unknown = {}) =>
      new Promise<T>((resolve, reject) => {
        if (closedBecause !== undefined || ws.readyState !== WebSocket.OPEN) {
          return reject(new Error(`desk call ${name} not sent: ${closedBecause ?? 'the desk socket is not open'}`));
        }
        const id = nextId++;
        pending.set(id, { name, resolve: resolve as (v: unknown) => void, reject });
        ws.send(JSON.stringify({ type: 'call', id, name, params }));
      }),
    on: (name, listener) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    close: () => ws.close(),
  };
}

/** How often readWholeBoard starts over before it says why it cannot read one generation whole. */
const BOARD_READ_ATTEMPTS = 50;
/** Pause before starting over: the board that just changed is being published in parts at that moment. */
const BOARD_READ_PAUSE_MS = 50;

/**
 * A page's items, whole again; its statuses are left as they came: the benches read the boards of
 * other checkouts too, whose pages may carry statuses in a shape of their own.
 */
function itemsOf(page: BoardPage): BoardItem[] {
  const shared = new SharedReader(page.shared);
  return page.items.map((item) => unpackItem(item, shared));
}

/**
 * The whole board through board.get, page by page as the renderer reads it; started over when the
 * board changes between pages, so the items are always one generation's. Starts over at most
 * BOARD_READ_ATTEMPTS times, a moment apart, then fails saying what it met: a page refused for any
 * reason used to be taken for a changed board and asked again at once, forever.
 */
export async function readWholeBoard(desk: DeskSocket): Promise<{ generation: number; items: BoardItem[] }> {
  let lastProblem = '';
  for (let attempt = 1; attempt <= BOARD_READ_ATTEMPTS; attempt++) {
    const first = await desk.call<BoardPage>('board.get', {});
    const items = itemsOf(first);
    let part = 1;
    for (; part < first.parts; part++) {
      const page = await desk.call<BoardPage>('board.get', { part }).catch((err: Error) => err);
      if (page instanceof Error) {
        lastProblem = `part ${part} of ${first.parts} (generation ${first.generation}) was refused: ${page.message}`;
        break;
      }
      if (page.generation !== first.generation) {
        lastProblem = `the board changed from generation ${first.generation} to ${page.generation} at part ${part} of ${first.parts}`;
        break;
      }
      items.push(...itemsOf(page));
    }
    if (part === first.parts) return { generation: first.generation, items };
    await new Promise((resolve) => setTimeout(resolve, BOARD_READ_PAUSE_MS));
  }
  throw new Error(`could not read the whole board in ${BOARD_READ_ATTEMPTS} attempts; last: ${lastProblem}`);
}
