import { describe, expect, it, vi } from 'vitest';
import { NOTHING_HELD } from '../../../electron/core/board/board-lookup';
import { PublishedBoard, splitBoard } from '../../../electron/core/board/board-parts';
import { BoardItemsPart, BoardPage } from '../../../shared/contract/board';
import { BadPackingError, packItem, SHARED_PER_ITEM, SharedWriter, unpackPart } from '../../../shared/contract/board-packing';
import type { BoardItem, ItemLiveness } from '../../../shared/domain';

const origin = 'https://127.0.0.1:8443/api';
const floor = { key: `floor:${origin}/elevator_groups/eg-0:1`, name: 'Level 1', floorNumber: 1, building: 'Building 1 Lifts' };
const controller = { href: `${origin}/controllers/ctl-0`, id: 'ctl-0', name: 'Building 1 controller' };
const zone = { href: `${origin}/access_zones/az-0`, name: 'Building 1 Level 1' };
const division = { href: `${origin}/divisions/b0`, name: 'Building 1' };

/** A door as a real site's board has it: the same division, controller, zone and floor as its neighbours. */
const door = (n: number, extra: Partial<BoardItem> = {}): BoardItem => ({
  href: `${origin}/doors/d-${n}`,
  id: `d-${n}`,
  kind: 'door',
  name: `Building 1 L1 Door ${n}`,
  division,
  commands: ['open'],
  commandOffers: [{ key: 'open' }],
  group: 'Level 1 · Building 1 Lifts',
  floors: [floor],
  connectedController: controller,
  entryAccessZone: zone,
  ...extra,
});
const accessZone: BoardItem = {
  href: zone.href,
  id: 'az-0',
  kind: 'accessZone',
  name: zone.name,
  description: 'Lobby and lifts',
  commands: [],
  commandOffers: [{ key: 'lockDown', name: 'Lock down', disabled: 'Needs a supervisor' }, { key: 'free' }],
  group: 'Level 1 · Building 1 Lifts',
  floors: [floor, { key: 'site', name: 'Site' }],
  doors: [{ href: `${origin}/doors/d-0`, name: 'Building 1 L1 Door 0' }, { href: `${origin}/doors/d-1`, name: 'Building 1 L1 Door 1' }],
  exitAccessZone: { href: `${origin}/access_zones/outside`, id: 'outside', name: 'Outside' },
};

describe('board parts carry what many items share once (packing)', () => {
  it('gives back every item whole, every field as it was, absent fields still absent', () => {
    const items = [door(0), door(1, { shortName: 'D1', notes: 'Fire exit', division: undefined }), accessZone, door(2, { notes: 'Not connected' })];
    delete items[1]!.division;
    const [part] = splitBoard(items, 3);
    expect(BoardItemsPart.safeParse(part).success).toBe(true);
    expect(unpackPart(part!).items).toEqual(items);
    expect('division' in unpackPart(part!).items[1]!).toBe(false);
  });

  it('writes a value shared by 500 doors once, so a part is a fraction of the items it carries', () => {
    const items = Array.from({ length: 500 }, (_, n) => door(n));
    const [part] = splitBoard(items, 1);
    // Division, [open] twice (commands and offers differ in shape), the group, the floors, the controller, the zone.
    expect(part!.shared).toHaveLength(7);
    const packedBytes = JSON.stringify(part).length;
    const wholeBytes = JSON.stringify(items).length;
    expect(packedBytes / wholeBytes).toBeLessThan(0.4);
  });

  it('adds at most SHARED_PER_ITEM shared values for an item, which bounds a part\'s list of them', () => {
    const unlike = (n: number): BoardItem => ({
      ...door(n),
      division: { href: `${origin}/divisions/${n}` },
      commands: [`c${n}`],
      commandOffers: [{ key: `o${n}` }],
      group: `group ${n}`,
      floors: [{ ...floor, key: `floor ${n}` }],
      connectedController: { ...controller, href: `${origin}/controllers/${n}` },
      entryAccessZone: { ...zone, href: `${origin}/access_zones/in-${n}` },
      exitAccessZone: { ...zone, href: `${origin}/access_zones/out-${n}` },
    });
    const board = new PublishedBoard();
    board.publish([unlike(0), unlike(1), unlike(2)]);
    const page = board.page({
      connection: { phase: 'connecting', since: 1, origin, demo: false, features: [], staleItems: 3 },
      status: (href) => ({ href, flags: [`flag of ${href}`], statusText: `text of ${href}`, receivedAt: 1 }),
      staleness: (href) => ({ href, state: 'stale', since: 1, reason: `stale: ${href}`, commandsUnavailable: `why: ${href}` }),
    });
    expect(page.shared).toHaveLength(3 * SHARED_PER_ITEM);
  });

  it('writes the flags and text 500 statuses share once, and gives every status back whole', () => {
    const items = Array.from({ length: 500 }, (_, n) => door(n));
    const statusOf = (href: string) => ({ href, flags: ['closed', 'locked', 'secure'], statusText: 'Closed, locked, secure', receivedAt: 7, zoneCount: 2 });
    const [bare] = splitBoard(items, 1);
    const [part] = splitBoard(items, 1, 500, { status: statusOf, staleness: () => undefined });
    expect(part!.shared.length - bare!.shared.length).toBe(2);
    expect(BoardItemsPart.safeParse(part).success).toBe(true);
    expect(unpackPart(part!).statuses).toEqual(items.map((i) => statusOf(i.href)));
  });

  it('finds a value it has written again by identity, without its JSON, and a copy of it by its JSON', () => {
    const shared = new SharedWriter();
    const first = packItem(door(0), shared);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      // Every door names the same division, controller and zone objects: none needs its JSON again.
      for (let n = 1; n < 1_000; n++) expect(packItem(door(n), shared)).toMatchObject({ division: first.division, floors: first.floors, connectedController: first.connectedController });
      // door() makes its two command lists and its list of floors anew for each door: found by their JSON.
      expect(stringify.mock.calls.length).toBe(3 * 999);
    } finally {
      stringify.mockRestore();
    }
    expect(packItem(door(1, { division: { ...division } }), shared).division).toBe(first.division);
    expect(packItem(door(1, { division: { href: `${origin}/divisions/b1` } }), shared).division).not.toBe(first.division);
    const copy = shared.copy();
    expect(packItem(door(2), copy)).toEqual(packItem(door(2), shared));
    expect(copy.values).toEqual(shared.values);
  });

  it('gives each part its own shared values, so any one part can be unpacked alone', () => {
    const parts = splitBoard(Array.from({ length: 12 }, (_, n) => door(n)), 2, 5);
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(unpackPart({ ...part, items: part.items.slice(-1) }).items[0]!.division).toEqual(division);
  });

  it('shares a page\'s liveness reasons with its items, without changing the part events carried', () => {
    const board = new PublishedBoard(5);
    board.publish([door(0), door(1)]);
    const [sent] = board.parts(NOTHING_HELD);
    const before = JSON.stringify(sent);
    const reason = 'Last-known state: the server has not answered since this desk started';
    const commandsUnavailable = 'Not connected: this is the last-known state. Commands return once the server answers.';
    const stale = (href: string): ItemLiveness => ({ href, state: 'stale', since: 5, lastHeardAt: 4, reason, commandsUnavailable });
    const page = board.page({
      connection: { phase: 'connecting', since: 1, origin, demo: false, features: [], staleItems: 2 },
      status: () => undefined,
      staleness: stale,
    });
    expect(BoardPage.safeParse(page).success).toBe(true);
    expect(page.shared.filter((v) => v === reason)).toHaveLength(1);
    expect(page.shared.filter((v) => v === commandsUnavailable)).toHaveLength(1);
    expect(unpackPart(page).liveness).toEqual([stale(door(0).href), stale(door(1).href)]);
    expect(JSON.stringify(sent)).toBe(before);
    // Packed once per generation: events and every page of a part share the one packing.
    expect(board.parts(NOTHING_HELD)[0]!.items).toBe(sent!.items);
    expect(page.items).toBe(sent!.items);
    board.publish([door(0), door(1)]);
    expect(board.parts(NOTHING_HELD)[0]!.items).not.toBe(sent!.items);
  });

  it('refuses a part whose index names no shared value, or a value of another kind, saying which item and field', () => {
    const [part] = splitBoard([door(0)], 1);
    const item = part!.items[0]!;
    expect(() => unpackPart({ ...part!, items: [{ ...item, floors: 99 }] })).toThrow(BadPackingError);
    expect(() => unpackPart({ ...part!, items: [{ ...item, floors: 99 }] })).toThrow(`item ${origin}/doors/d-0's floors names shared value 99, but the part has ${part!.shared.length}`);
    expect(() => unpackPart({ ...part!, items: [{ ...item, connectedController: item.group }] })).toThrow(/connectedController names shared value \d+, which is not a ref/);
    expect(() => unpackPart({ ...part!, liveness: [{ href: item.href, state: 'stale', since: 1, reason: item.floors }] })).toThrow(/the reason of .*'s liveness names shared value \d+, which is not a text/);
    expect(() => unpackPart({ ...part!, liveness: [{ href: item.href, state: 'stale', since: 1, commandsUnavailable: item.floors }] })).toThrow(
      /the commandsUnavailable of .*'s liveness names shared value \d+, which is not a text/,
    );
    expect(() => unpackPart({ ...part!, statuses: [{ href: item.href, flags: item.group, statusText: item.group, receivedAt: 1 }] })).toThrow(
      `the status of ${item.href}'s flags names shared value ${item.group}, which is not a keys`,
    );
    expect(() => unpackPart({ ...part!, statuses: [{ href: item.href, flags: item.commands, statusText: item.floors, receivedAt: 1 }] })).toThrow(
      /the status of .*'s text names shared value \d+, which is not a text/,
    );
  });
});
