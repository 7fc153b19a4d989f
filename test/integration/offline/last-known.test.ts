import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import { lastKnownCommandReason } from '../../../electron/core/offline/last-known-view';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { BoardItem, ConnectionState, ItemLiveness } from '../../../shared/domain';
import { control, deskConfigFor, eventually, startTestSite } from '../support/site';
import { unpackPart } from '../../../shared/contract/board-packing';
import { ContractEvents } from '../../../electron/core/events';
import { SiteSession } from '../../../electron/core/site-session';
import type { SiteStateSink } from '../../../electron/core/offline/state-sink';
import { TEST_TIMING } from '../support/session';
import { boardDigest } from '../../../electron/core/board/catalogue-board';

let site: RunningSimulator | undefined;
const desks: Desk[] = [];
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-last-known-'));

afterEach(async () => {
  for (const d of desks.splice(0)) await d.stop();
  await site?.stop();
  site = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function startDesk(s: RunningSimulator, demo = false) {
  const desk = new Desk({ sites: fixedSite({ ...deskConfigFor(s), demo }), records: openDeskRecords({ dir, desk: 'test desk' }) });
  desks.push(desk);
  const phases: ConnectionState[] = [];
  const liveness: ItemLiveness[][] = [];
  const generations = new Set<number>();
  desk.on('connection', (c) => phases.push(c));
  desk.on('status.liveness', (l) => liveness.push(l));
  desk.on('board.items', (part) => generations.add(part.generation));
  return { desk, phases, liveness, generations };
}

describe('the last-known board', () => {
  it('is shown at once, every item stale with when it was heard of, commands disabled, when the desk starts while the server is unreachable; then converges', async () => {
    site = await startTestSite();
    const first = startDesk(site);
    await first.desk.start();
    await eventually(() => first.phases.find((p) => p.phase === 'connected'), 'connected');
    const door = (await first.desk.handle('board.get', {})).items.find((i) => i.kind === 'door')!;
    await control.setDoor(site, door.id, { open: true });
    await eventually(async () => unpackPart(await first.desk.handle('board.get', {})).statuses.find((s) => s.href === door.href && s.flags.includes('open')), 'the door open');
    const before = unpackPart(await first.desk.handle('board.get', {}));
    await first.desk.stop();
    desks.length = 0;

    // The server now drops every request: the desk starts without it.
    site.control.setFaults({ dropRequests: {} });
    const second = startDesk(site);
    await second.desk.start();
    const stale = unpackPart(await second.desk.handle('board.get', {}));
    expect(stale.connection.phase).not.toBe('connected');
    // The items as the server gave them, offers and all; their liveness holds every command back, with why.
    expect(stale.items).toEqual(before.items);
    expect(stale.liveness.every((l) => l.commandsUnavailable === lastKnownCommandReason)).toBe(true);
    const doorStatus = stale.statuses.find((s) => s.href === door.href)!;
    expect(doorStatus.flags).toContain('open');
    expect(doorStatus.receivedAt).toBe(before.statuses.find((s) => s.href === door.href)!.receivedAt);
    expect(stale.liveness).toHaveLength(stale.items.length);
    expect(stale.liveness.every((l) => l.state === 'stale')).toBe(true);
    expect(stale.liveness.find((l) => l.href === door.href)?.lastHeardAt).toBe(doorStatus.receivedAt);
    await expect(second.desk.handle('item.command', { href: door.href, command: 'open' })).rejects.toMatchObject({ code: 'offline' });

    // Meanwhile the door closed; when the server answers again the board takes its word.
    await control.setDoor(site, door.id, { open: false });
    site.control.clearFaults();
    await eventually(() => second.phases.find((p) => p.phase === 'connected'), 'connected', 20_000);
    const live = unpackPart(await second.desk.handle('board.get', {}));
    expect(live.liveness).toEqual([]);
    expect(live.items.find((i) => i.href === door.href)?.commands).toContain('open');
    // The server's board is the one the store kept: the page keeps the items it has (no new generation).
    expect(live.items).toEqual(before.items);
    expect(live.generation).toBe(stale.generation);
    expect(Math.max(...second.generations)).toBe(stale.generation);
    expect(live.statuses.find((s) => s.href === door.href)?.flags).not.toContain('open');
    expect(second.liveness.at(-1)?.every((l) => l.state === 'live')).toBe(true);
  });
});

describe('the demo site', () => {
  it('shows its last-known board at the next start, though the demo site then answers on another port', async () => {
    site = await startTestSite();
    const first = startDesk(site, true);
    await first.desk.start();
    await eventually(() => first.phases.find((p) => p.phase === 'connected'), 'connected');
    const before = unpackPart(await first.desk.handle('board.get', {}));
    await first.desk.stop();
    desks.length = 0;
    await site.stop();

    site = await startTestSite();
    site.control.setFaults({ dropRequests: {} });
    const second = startDesk(site, true);
    await second.desk.start();
    const stale = unpackPart(await second.desk.handle('board.get', {}));
    expect(stale.connection.phase).not.toBe('connected');
    expect(stale.items.map((i) => i.name)).toEqual(before.items.map((i) => i.name));
    expect(stale.liveness.every((l) => l.commandsUnavailable === lastKnownCommandReason)).toBe(true);
  });
});

describe('a kept local store never delays the server', () => {
  it('asks the server while the stored board is still being read, and never shows the stored board over the server\'s', async () => {
    site = await startTestSite();
    const s = site;
    const events = new ContractEvents();
    const boards: string[][] = [];
    events.onBoard((items) => boards.push(items.map((i) => i.href)));
    let phase = '';
    events.on('connection', (c) => (phase = c.phase));
    // A stored board that takes until the server's board is in to read: one item the server does not have.
    let served!: () => void;
    const storeRead = new Promise<void>((resolve) => (served = resolve));
    const stored = { href: `${s.url}/api/doors/only-in-the-store`, kind: 'door', name: 'Stored only' } as unknown as BoardItem;
    const sink: SiteStateSink = {
      lastKnown: async () => {
        await storeRead;
        return { features: [], savedAt: Date.now() - 60_000, items: [stored], statuses: [] };
      },
      catalogueLoaded: () => undefined,
      statusBatch: () => undefined,
    };
    const session = new SiteSession(deskConfigFor(s), events, sink, TEST_TIMING);
    const started = session.start();
    try {
      await eventually(() => phase === 'connected' && boards.length > 0, 'connected with the server\'s board while the store is still read');
      served();
      await started;
      expect(boards.flat()).not.toContain(stored.href);
      expect(session.items().some((i) => i.href === stored.href)).toBe(false);
    } finally {
      served();
      await session.stop();
    }
  });

  // A stored board drawn while the server's own is moments away is a whole board sent and drawn twice.
  describe('the stored board is drawn only when the server is away, slow, or its board late', () => {
    /** A session on a fresh test site whose store holds one door the server does not have, and every board it draws. */
    async function storedOnlySession(grace: { answerMs: number; boardMs: number }, latencyMs = 0) {
      site = await startTestSite();
      if (latencyMs > 0) site.control.setFaults({ latencyMs });
      const events = new ContractEvents();
      const boards: string[][] = [];
      events.onBoard((items) => boards.push(items.map((i) => i.href)));
      const stored = { href: `${site.url}/api/doors/only-in-the-store`, kind: 'door', name: 'Stored only' } as unknown as BoardItem;
      const sink: SiteStateSink = {
        lastKnown: async () => ({ features: [], savedAt: Date.now() - 60_000, items: [stored], statuses: [] }),
        lastKnownItems: () => 1,
        catalogueLoaded: () => undefined,
        statusBatch: () => undefined,
      };
      const session = new SiteSession(deskConfigFor(site), events, sink, { ...TEST_TIMING, lastKnownGrace: { ...grace, items: 20_000 } });
      return { session, boards, stored };
    }

    async function firstBoard(grace: { answerMs: number; boardMs: number }, latencyMs: number) {
      const { session, boards, stored } = await storedOnlySession(grace, latencyMs);
      try {
        await session.start();
        await eventually(() => boards.some((b) => !b.includes(stored.href)), "the server's board");
        return { drawnFirst: boards[0]!.includes(stored.href) ? 'stored' : 'server' };
      } finally {
        await session.stop();
      }
    }

    it('a server that answers at once with its board in time: the server\'s board is the first drawn', async () => {
      expect(await firstBoard({ answerMs: 5_000, boardMs: 10_000 }, 0)).toEqual({ drawnFirst: 'server' });
    });

    // The desk serves its page once start resolves, and the alarm queue, read before the board, goes to
    // it: a start that waited for the board held a restart's 10,000 alarms back a second.
    it('a server that answers at once: start resolves while its board is still on its way, and the stored board is never drawn', async () => {
      const { session, boards, stored } = await storedOnlySession({ answerMs: 5_000, boardMs: 10_000 });
      let readsOver = false;
      // What is read before the board (the alarm queue at start-up: first-reads.ts), taking a second.
      session.onDiscovered(() => new Promise<void>((resolve) => setTimeout(() => resolve(void (readsOver = true)), 1_000)));
      try {
        await session.start();
        expect(readsOver).toBe(false);
        expect(boards).toEqual([]);
        await eventually(() => boards.length > 0 || undefined, "the server's board");
        expect(boards[0]).not.toContain(stored.href);
      } finally {
        await session.stop();
      }
    });

    it('a server slow to answer /api: the stored board at once, then the server\'s', async () => {
      expect(await firstBoard({ answerMs: 50, boardMs: 10_000 }, 400)).toEqual({ drawnFirst: 'stored' });
    });

    it('a server that answers, but whose board is late: the stored board once the grace is over, then the server\'s', async () => {
      expect(await firstBoard({ answerMs: 5_000, boardMs: 50 }, 150)).toEqual({ drawnFirst: 'stored' });
    });
  });
});

// At 50,000 items a second whole board, sent and drawn while the first still stands, cost the start
// nearly a second and the host ~90 MB (docs/performance-design.md).
describe("the server's board after the stored one was drawn", () => {
  async function afterStored(kept: (served: BoardItem[]) => { items: BoardItem[]; digest: string | undefined }) {
    site = await startTestSite();
    const first = new SiteSession(deskConfigFor(site), new ContractEvents(), undefined, TEST_TIMING);
    await first.start();
    await eventually(() => first.connection.phase === 'connected' || undefined, 'the first session connected');
    const served = [...first.items()];
    await first.stop();
    const stored = kept(served);

    // /api slow to answer: the stored board is drawn first.
    site.control.setFaults({ latencyMs: 300 });
    const events = new ContractEvents();
    const boards: (readonly BoardItem[])[] = [];
    const liveness = new Map<string, ItemLiveness>();
    events.onBoard((items) => boards.push(items));
    // As the page reads it: a board's parts say which of their items are not live, and deltas follow.
    events.on('board.items', (part) => {
      const { items, liveness: notLive } = unpackPart(part);
      for (const item of items) liveness.set(item.href, notLive.find((l) => l.href === item.href) ?? { href: item.href, state: 'live', since: 0 });
    });
    events.on('status.liveness', (batch) => batch.forEach((l) => liveness.set(l.href, l)));
    const sink: SiteStateSink = {
      lastKnown: async () => ({ features: [], savedAt: Date.now() - 60_000, items: stored.items, digest: stored.digest, statuses: [] }),
      lastKnownItems: () => stored.items.length,
      catalogueLoaded: () => undefined,
      statusBatch: () => undefined,
    };
    const session = new SiteSession(deskConfigFor(site), events, sink, { ...TEST_TIMING, lastKnownGrace: { answerMs: 50, boardMs: 10_000, items: 20_000 } });
    try {
      await session.start();
      expect([...liveness.values()].every((l) => l.state === 'stale' && l.commandsUnavailable === lastKnownCommandReason)).toBe(true);
      await eventually(() => session.connection.phase === 'connected' || undefined, 'connected', 20_000);
      return { boards, liveness, items: session.items(), served, stored: stored.items };
    } finally {
      await session.stop();
    }
  }

  it('is not sent again when it is the stored board: its items go live, their commands with them, and the desk holds one copy', async () => {
    const { boards, liveness, items, stored } = await afterStored((served) => ({ items: structuredClone(served), digest: boardDigest(served) }));
    expect(boards).toEqual([stored]);
    expect(items).toHaveLength(stored.length);
    expect(items.every((item, i) => item === stored[i])).toBe(true);
    expect(stored.every((item) => liveness.get(item.href)?.state === 'live' && liveness.get(item.href)?.commandsUnavailable === undefined)).toBe(true);
  });

  it('is sent, and drawn in its place, when the site changed since (an item renamed)', async () => {
    const { boards, liveness, items, served } = await afterStored((server) => {
      const changed = structuredClone(server);
      changed[0] = { ...changed[0]!, name: 'Renamed since' };
      return { items: changed, digest: boardDigest(changed) };
    });
    expect(boards).toHaveLength(2);
    expect(boards[1]).toEqual(served);
    expect(items).toEqual(served);
    expect(served.every((item) => liveness.get(item.href)?.state === 'live' && liveness.get(item.href)?.commandsUnavailable === undefined)).toBe(true);
  });

  it('is sent when the stored rows were checked one by one (no digest to confirm them by)', async () => {
    const { boards, served } = await afterStored((server) => ({ items: structuredClone(server), digest: undefined }));
    expect(boards).toHaveLength(2);
    expect(boards[1]).toEqual(served);
  });
});
