import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardDigest } from '../../../electron/core/board/catalogue-board';
import { LastKnownStore } from '../../../electron/core/offline/last-known-store';
import { PackedBoardItem } from '../../../shared/contract/board-packing';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { item, status } from '../renderer/fixtures';

const SITE = 'https://127.0.0.1:8443';
const discovery = { serverVersion: '9.40', features: ['items'] };
const stores: LocalStore[] = [];
const dirs: string[] = [];

function openStore(dir = newDir(), migrations = storeMigrations): LocalStore {
  const store = LocalStore.open(dir, { migrations });
  stores.push(store);
  return store;
}

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-last-known-'));
  dirs.push(dir);
  return dir;
}

/** What another desk opening the same store would find now, without writing anything pending here. */
const onDisk = (store: LocalStore) => new LastKnownStore(store).load(SITE);

afterEach(() => {
  vi.useRealTimers();
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the last-known board in the local store', () => {
  it("writes a site's first board at once: a desk killed a moment later still has it", async () => {
    const store = openStore();
    const gate = item('Gate');
    new LastKnownStore(store).sinkFor(SITE).catalogueLoaded(discovery, [gate], [status(gate, ['closed'])], boardDigest([gate]));
    expect(await onDisk(store)).toMatchObject({ serverVersion: '9.40', items: [gate], statuses: [status(gate, ['closed'])] });
  });

  it("counts a site's kept items without reading them: none before its first board, each item after", () => {
    const store = openStore();
    const sink = new LastKnownStore(store).sinkFor(SITE);
    expect(sink.lastKnownItems?.()).toBe(0);
    const [gate, lobby] = [item('Gate'), item('Lobby')];
    sink.catalogueLoaded(discovery, [gate, lobby], [], boardDigest([gate, lobby]));
    expect(sink.lastKnownItems?.()).toBe(2);
    expect(new LastKnownStore(store).sinkFor('another site').lastKnownItems?.()).toBe(0);
  });

  it('does not write the board kept again when the same board loads again (every start, every reload): only its statuses, and when it was loaded', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const store = openStore();
    const sink = new LastKnownStore(store).sinkFor(SITE);
    const gate = item('Gate');
    sink.catalogueLoaded(discovery, [gate], [status(gate, ['closed'])], boardDigest([gate]));
    const rows = () => store.db.prepare('SELECT rowid FROM last_known_items').all();
    const written = rows();
    vi.setSystemTime(50_000);
    sink.catalogueLoaded(discovery, [gate], [status(gate, ['open'], 40_000)], boardDigest([gate]));
    // Past the time a later board would have been written.
    vi.advanceTimersByTime(11_000);
    expect(rows()).toEqual(written);
    const kept = (await onDisk(store))!;
    expect(kept.statuses).toEqual([status(gate, ['open'], 40_000)]);
    expect(kept.savedAt).toBe(50_000);
    // Another board is written, as before.
    const lobby = item('Lobby');
    sink.catalogueLoaded(discovery, [gate, lobby], [], boardDigest([gate, lobby]));
    vi.advanceTimersByTime(11_000);
    expect((await onDisk(store))!.items).toEqual([gate, lobby]);
  });

  it('writes a later board of the site some seconds after it loaded, with the statuses that came meanwhile after it', async () => {
    vi.useFakeTimers();
    const store = openStore();
    const sink = new LastKnownStore(store).sinkFor(SITE);
    const gate = item('Gate');
    const lobby = item('Lobby');
    sink.catalogueLoaded(discovery, [gate], [status(gate, ['closed'])], boardDigest([gate]));

    sink.catalogueLoaded(discovery, [gate, lobby], [status(gate, ['closed']), status(lobby, ['locked'])], boardDigest([gate, lobby]));
    sink.statusBatch([status(lobby, ['open'], 2_000)]);
    vi.advanceTimersByTime(1_500);
    // The new board waits, and so do its site's statuses (they may be of items only the new board has).
    expect((await onDisk(store))?.items).toEqual([gate]);

    vi.advanceTimersByTime(10_000);
    const kept = (await onDisk(store))!;
    expect(kept.items).toEqual([gate, lobby]);
    expect(kept.statuses.find((s) => s.href === lobby.href)).toEqual(status(lobby, ['open'], 2_000));
  });

  it("does not hold another site's statuses behind a site's board waiting to be written", async () => {
    vi.useFakeTimers();
    const store = openStore();
    const lastKnown = new LastKnownStore(store);
    const other = 'https://10.0.0.2:8443';
    const gate = item('Gate');
    const dock = item('Dock');
    lastKnown.sinkFor(SITE).catalogueLoaded(discovery, [gate], [], boardDigest([gate]));
    lastKnown.sinkFor(other).catalogueLoaded(discovery, [dock], [], boardDigest([dock]));
    lastKnown.sinkFor(SITE).catalogueLoaded(discovery, [gate, item('Lobby')], [], boardDigest([gate, item('Lobby')]));
    lastKnown.sinkFor(other).statusBatch([status(dock, ['open'], 3_000)]);
    vi.advanceTimersByTime(1_500);
    expect((await new LastKnownStore(store).load(other))?.statuses).toEqual([status(dock, ['open'], 3_000)]);
    expect((await onDisk(store))?.items).toEqual([gate]);
  });

  it('writes no statuses for a site with no board stored yet: they wait, and its first board brings its own', async () => {
    const store = openStore();
    const lastKnown = new LastKnownStore(store);
    const gate = item('Gate');
    lastKnown.sinkFor(SITE).statusBatch([status(gate, ['open'], 3_000)]);
    const transaction = vi.spyOn(store, 'transaction');
    lastKnown.flush();
    // Each row's item must be stored: tried anyway, 50,000 statuses held the thread for nothing.
    expect(transaction).not.toHaveBeenCalled();
    lastKnown.sinkFor(SITE).catalogueLoaded(discovery, [gate], [status(gate, ['closed'], 4_000)], boardDigest([gate]));
    expect((await onDisk(store))?.statuses).toEqual([status(gate, ['closed'], 4_000)]);
  });

  it('writes whatever waits when flushed (the desk closing)', async () => {
    const store = openStore();
    const lastKnown = new LastKnownStore(store);
    const gate = item('Gate');
    const lobby = item('Lobby');
    lastKnown.sinkFor(SITE).catalogueLoaded(discovery, [gate], [], boardDigest([gate]));
    lastKnown.sinkFor(SITE).catalogueLoaded(discovery, [gate, lobby], [status(lobby, ['locked'])], boardDigest([gate, lobby]));
    expect((await onDisk(store))?.items).toEqual([gate]);
    lastKnown.flush();
    expect(await onDisk(store)).toMatchObject({ items: [gate, lobby], statuses: [status(lobby, ['locked'])] });
  });

  it('checks a board of more than one slice with other work let in between, keeps its order and skips rows that no longer fit', async () => {
    const store = openStore();
    const doors = Array.from({ length: 2_500 }, (_, i) => item(`Door ${i}`));
    new LastKnownStore(store).sinkFor(SITE).catalogueLoaded(discovery, doors, [status(doors[0]!, ['closed'])], boardDigest(doors));
    store.db.prepare('UPDATE last_known_items SET item = ? WHERE site = ? AND href = ?').run('{"shape":"an older one"}', SITE, doors[1_200]!.href);

    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const kept = await new LastKnownStore(store).load(SITE).finally(() => order.push('board read'));
    expect(order).toEqual(['other work', 'board read']);
    expect(kept?.items).toEqual(doors.filter((_, i) => i !== 1_200));
    expect(kept?.statuses).toEqual([status(doors[0]!, ['closed'])]);
  });

  it('takes rows back as it wrote them without checking each again, and checks each once any was changed behind its back', async () => {
    const store = openStore();
    const doors = Array.from({ length: 3 }, (_, i) => item(`Door ${i}`, { division: { href: 'https://127.0.0.1/api/divisions/b1', name: 'Building 1' } }));
    new LastKnownStore(store).sinkFor(SITE).catalogueLoaded(discovery, doors, [], boardDigest(doors));
    const checks = vi.spyOn(PackedBoardItem, 'safeParse');
    expect((await onDisk(store))?.items).toEqual(doors);
    expect(checks).not.toHaveBeenCalled();

    const row = JSON.parse((store.db.prepare('SELECT item FROM last_known_items WHERE href = ?').get(doors[1]!.href) as { item: string }).item) as Record<string, unknown>;
    store.db.prepare('UPDATE last_known_items SET item = ? WHERE href = ?').run(JSON.stringify({ ...row, name: 7 }), doors[1]!.href);
    expect((await onDisk(store))?.items).toEqual([doors[0], doors[2]]);
    expect(checks).toHaveBeenCalledTimes(3);
    checks.mockRestore();
  });

  it('gives the items that shared a value one object again, so the board packs without writing that value out again', async () => {
    const store = openStore();
    const division = { href: 'https://127.0.0.1/api/divisions/b1', name: 'Building 1' };
    const doors = [item('Gate', { division }), item('Lobby', { division: { ...division } })];
    new LastKnownStore(store).sinkFor(SITE).catalogueLoaded(discovery, doors, [], boardDigest(doors));
    const kept = (await onDisk(store))!;
    expect(kept.items).toEqual(doors);
    expect(kept.items[0]!.division).toBe(kept.items[1]!.division);
  });

  it('skips an item naming a shared value it does not fit, and a row that is not JSON, keeping the rest', async () => {
    const store = openStore();
    const doors = [item('Gate'), item('Lobby'), item('Dock')];
    new LastKnownStore(store).sinkFor(SITE).catalogueLoaded(discovery, doors, [], boardDigest(doors));
    const set = store.db.prepare('UPDATE last_known_items SET item = ? WHERE site = ? AND href = ?');
    const gate = JSON.parse((store.db.prepare('SELECT item FROM last_known_items WHERE href = ?').get(doors[0]!.href) as { item: string }).item) as Record<string, unknown>;
    set.run(JSON.stringify({ ...gate, floors: 999 }), SITE, doors[0]!.href);
    set.run('{"cut off', SITE, doors[2]!.href);
    expect((await onDisk(store))?.items).toEqual([doors[1]]);
  });

  it("packs a board an earlier Gatehouse kept whole, when the store's schema is brought up to date", async () => {
    const dir = newDir();
    const before = openStore(dir, storeMigrations.filter((m) => !(m.feature === 'last-known' && m.version > 1)));
    const gate = item('Gate', { division: { href: 'https://127.0.0.1/api/divisions/b1', name: 'Building 1' } });
    const lobby = item('Lobby', { division: gate.division! });
    const db = before.db;
    db.prepare('INSERT INTO last_known_sites (site, server_version, features, saved_at) VALUES (?, ?, ?, ?)').run(SITE, '9.40', '["items"]', 500);
    const put = db.prepare('INSERT INTO last_known_items (site, href, position, item) VALUES (?, ?, ?, ?)');
    put.run(SITE, gate.href, 0, JSON.stringify(gate));
    put.run(SITE, 'https://127.0.0.1/api/doors/old', 1, '{"shape":"an older one"}');
    put.run(SITE, lobby.href, 2, JSON.stringify(lobby));
    db.prepare('INSERT INTO last_known_statuses (site, href, status, received_at) VALUES (?, ?, ?, ?)').run(SITE, lobby.href, JSON.stringify(status(lobby, ['locked'])), 1_000);
    before.close();

    const after = openStore(dir);
    const kept = (await onDisk(after))!;
    expect(kept).toMatchObject({ serverVersion: '9.40', features: ['items'], savedAt: 500, items: [gate, lobby], statuses: [status(lobby, ['locked'])] });
    expect(kept.items[0]!.division).toBe(kept.items[1]!.division);
    expect(after.db.prepare('SELECT COUNT(*) AS n FROM last_known_items').get()).toEqual({ n: 2 });
  });
});
