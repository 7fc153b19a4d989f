import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PcscContext } from '../../../electron/core/piv/pcsc-binding';
import { PivReaderService, type ReaderEvent } from '../../../electron/core/piv/reader-service';
import { issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';

/**
 * The reader service against a stand-in for @pokusew/pcsclite whose one reader holds a virtual card:
 * events, reader choice and error mapping without pcscd. The real stack is tested in test/piv.
 */
const PRESENT = 0x20;

class FakeReader extends EventEmitter {
  SCARD_SHARE_SHARED = 2;
  SCARD_PROTOCOL_T0 = 1;
  SCARD_PROTOCOL_T1 = 2;
  SCARD_STATE_PRESENT = PRESENT;
  SCARD_STATE_CHANGED = 2;
  SCARD_LEAVE_CARD = 0;
  card: VirtualPivCard | null = null;
  /** pcsc-lite's event counter, carried in the high word of the state. */
  events = 0;
  constructor(readonly name: string) {
    super();
  }
  insert(card: VirtualPivCard) {
    this.card = card;
    card.reset();
    this.emit('status', { state: (++this.events << 16) | PRESENT, atr: Buffer.from(card.atr) });
  }
  pull() {
    this.card = null;
    this.emit('status', { state: ++this.events << 16 });
  }
  connect(_o: unknown, cb: (e: Error | undefined, p: number) => void) {
    cb(this.card ? undefined : new Error('SCardConnect error: No smart card inserted.(0x8010000C)'), 2);
  }
  disconnect(_d: number, cb: (e: Error | undefined) => void) {
    cb(undefined);
  }
  transmit(data: Buffer, _len: number, _p: number, cb: (e: Error | undefined, r: Buffer) => void) {
    const answer = this.card?.respond(new Uint8Array(data));
    if (!answer) {
      this.pull();
      return cb(new Error('SCardTransmit error: Card was removed.(0x80100069)'), Buffer.alloc(0));
    }
    cb(undefined, Buffer.from(answer));
  }
  close() {}
}

describe('PivReaderService over a stand-in PC/SC', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pcsc-'));
  const socketPath = join(dir, 'pcscd.comm');
  writeFileSync(socketPath, '');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let profile: VirtualCardProfile;
  let context: EventEmitter & { closed: boolean; close(): void };
  let readers: FakeReader[];
  let service: PivReaderService;
  let events: ReaderEvent[];

  beforeAll(async () => {
    profile = await issueVirtualCard();
  });

  async function open(names: string[]) {
    readers = names.map((n) => new FakeReader(n));
    context = Object.assign(new EventEmitter(), { closed: false, close() { this.closed = true; } });
    setImmediate(() => readers.forEach((r) => context.emit('reader', r)));
    service = await PivReaderService.open({ socketPath, settleMs: 20, load: () => () => context as unknown as PcscContext });
    events = [];
    service.onEvent((e) => events.push(e));
  }

  it('lists the readers found at start and reports cards going in and out', async () => {
    await open(['Reader A', 'Reader B']);
    expect(service.listReaders()).toEqual([
      { name: 'Reader A', cardPresent: false },
      { name: 'Reader B', cardPresent: false },
    ]);
    readers[1].insert(new VirtualPivCard(profile));
    readers[1].pull();
    readers[0].emit('end');
    expect(events.map((e) => e.type)).toEqual(['card-inserted', 'card-removed', 'reader-removed']);
    expect(events[0]).toMatchObject({ reader: { name: 'Reader B', cardPresent: true, atr: expect.stringMatching(/^3B/) } });
    expect(service.listReaders().map((r) => r.name)).toEqual(['Reader B']);
    await service.close();
    expect(context.closed).toBe(true);
  });

  it('notices a card swapped for another between two polls', async () => {
    await open(['Reader A']);
    readers[0].insert(new VirtualPivCard(profile));
    readers[0].events++; // the removal PC/SC counted but we never saw as a status of its own
    readers[0].insert(new VirtualPivCard(profile));
    readers[0].emit('status', { state: (readers[0].events << 16) | PRESENT });
    expect(events.map((e) => e.type)).toEqual(['card-inserted', 'card-removed', 'card-inserted']);
    await service.close();
  });

  it('reads the card in the only reader holding one, naming reader and ATR in the result', async () => {
    await open(['Reader A', 'Reader B']);
    readers[0].insert(new VirtualPivCard(profile));
    const read = await service.readCard(undefined);
    expect(read).toMatchObject({ reader: 'Reader A', atr: expect.stringMatching(/^3B/), fascn: { digits: profile.fascnDigits } });
    await service.close();
  });

  it('refuses a second read of the same card while the first is under way', async () => {
    await open(['Reader A']);
    readers[0].insert(new VirtualPivCard(profile));
    const first = service.readCard('Reader A');
    await expect(service.readCard('Reader A')).rejects.toMatchObject({ message: 'The card in Reader A is already being read' });
    await expect(first).resolves.toMatchObject({ fascn: { digits: profile.fascnDigits } });
    await expect(service.readCard('Reader A')).resolves.toMatchObject({ kind: 'piv' });
    await service.close();
  });

  it('waits for a card to be inserted', async () => {
    await open(['Reader A']);
    const waiting = service.waitForCard('Reader A', 5000);
    readers[0].insert(new VirtualPivCard(profile));
    await expect(waiting).resolves.toMatchObject({ name: 'Reader A', cardPresent: true });
    await expect(service.waitForCard('Reader A', 5000)).resolves.toMatchObject({ cardPresent: true });
    await service.close();
  });

  it('gives clear errors for no reader, an unknown reader, an empty reader and a card pulled mid-read', async () => {
    await open([]);
    await expect(service.readCard(undefined)).rejects.toMatchObject({ code: 'no-reader', message: 'No smart-card reader is connected' });
    await service.close();
    await open(['Reader A']);
    await expect(service.readCard('Reader Z')).rejects.toMatchObject({ code: 'reader-not-found', message: 'The reader "Reader Z" is not connected' });
    await expect(service.readCard('Reader A')).rejects.toMatchObject({ code: 'no-card', message: 'There is no card in Reader A' });
    readers[0].insert(new VirtualPivCard(profile, { removeAfterCommands: 4 }));
    await expect(service.readCard('Reader A')).rejects.toMatchObject({
      code: 'card-removed',
      message: 'The card was removed from Reader A during the read',
    });
    await service.close();
  });
});
