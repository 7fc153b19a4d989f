import { describe, expect, it } from 'vitest';
import type { OverviewGrouping } from '../../../shared/contract/layout';
import type { BoardItem, FloorPlace, ItemLiveness, ItemStatus } from '../../../shared/domain';
import { itemState } from '../../../renderer/src/board/lib/item-state';
import { matchesFilter, type BoardFilter } from '../../../renderer/src/board/lib/search';
import { sortRows, type ListSort, type SortColumn } from '../../../renderer/src/board/list/lib/list-sort';
import { LiveCounts } from '../../../renderer/src/board/overview/lib/live-counts';
import { countSite } from '../../../renderer/src/board/overview/lib/site-counts';
import { BoardTally } from '../../../renderer/src/board/views/board-tally';
import { bucketIndex, ItemStates } from '../../../renderer/src/board/views/item-states';
import { item, status } from './fixtures';

const level = (n: number, building: string): FloorPlace => ({ key: `floor:${building}:${n}`, name: `Level ${n}`, floorNumber: n, building });
const division = (name: string) => ({ href: `https://127.0.0.1/api/divisions/${name}`, id: name, name });
/** Calm flags per kind (normal by the tiles' rules); the rest as a door's. */
const CALM: Record<string, string[]> = { door: ['closed', 'locked', 'secure'], input: ['closed'], fenceZone: ['on', 'highVoltage'] };
const FLAGS = { calm: CALM.door!, forced: ['forced', 'open'], free: ['closed', 'unlocked', 'free'], offline: ['controllerOffline'] };
const ALL: BoardFilter = { text: '', kind: 'all', division: 'all', floor: 'all' };
const GROUPINGS: OverviewGrouping[] = ['building', 'floor', 'division'];

/** A small site: doors and inputs over two buildings' floors, a lift on two floors, a fence on none; statuses as told. */
function site() {
  const items: BoardItem[] = [];
  for (const building of ['North', 'South'])
    for (let floor = 1; floor <= 3; floor++)
      for (let n = 1; n <= 3; n++) {
        const floors = [level(floor, building)];
        items.push(item(`${building} L${floor} Door ${n}`, { floors, division: division(building) }));
        items.push(item(`${building} L${floor} Sensor ${n}`, { kind: 'input', href: `https://127.0.0.1/api/inputs/${building}${floor}${n}`, floors, division: division(building) }));
      }
  items.push(item('Lift', { floors: [level(1, 'North'), level(2, 'North')], division: division('North') }));
  items.push(item('Fence', { kind: 'fenceZone', href: 'https://127.0.0.1/api/fence_zones/1' }));
  const statuses = new Map<string, ItemStatus>(items.map((i, n) => [i.href, status(i, CALM[i.kind]!, 1_000 + n)]));
  const stale = new Map<string, ItemLiveness>();
  const source = { status: (h: string) => statuses.get(h), staleness: (h: string) => stale.get(h), live: true };
  const set = (name: string, flags: string[], at = 9_000) => {
    const it = items.find((i) => i.name === name)!;
    statuses.set(it.href, status(it, flags, at));
    return it.href;
  };
  return { items, statuses, stale, source, set };
}

/** What the overview showed before this change: counted again over every matching item. */
function countedAfresh(items: readonly BoardItem[], source: ReturnType<typeof site>['source'], filter: BoardFilter, by: OverviewGrouping) {
  const states = new Map(items.map((i) => [i.href, itemState(i, source).bucket]));
  return countSite(
    items.filter((i) => matchesFilter(i, filter)),
    (i) => states.get(i.href)!,
    by,
  );
}

describe('the overview counts kept as items change state', () => {
  it('are what counting every item gives, for every grouping', () => {
    const { items, source } = site();
    const tally = new BoardTally(items, source);
    for (const by of GROUPINGS) expect(tally.counts(ALL, by)).toEqual(countedAfresh(items, source, ALL, by));
  });

  it('move an item between states when its status changes: out of normal, into alarm, in its floor and building and the site', () => {
    const { items, source, set } = site();
    const tally = new BoardTally(items, source);
    const before = tally.counts(ALL, 'floor');
    const floor = (key: string) => tally.counts(ALL, 'floor').rows.find((r) => r.key === key)!;
    expect(floor('floor:North:2').counts).toMatchObject({ alarm: 0, normal: 7 });

    expect(tally.refresh([set('North L2 Door 1', FLAGS.forced)])).toBe(true);
    expect(floor('floor:North:2').counts).toMatchObject({ alarm: 1, normal: 6 });
    expect(tally.counts(ALL, 'floor').site.counts).toMatchObject({ alarm: 1, normal: items.length - 1 });
    // The rows the change did not touch are the rows shown before (the table redraws only what changed).
    expect(floor('floor:South:2')).toBe(before.rows.find((r) => r.key === 'floor:South:2'));
    expect(floor('floor:North:2')).not.toBe(before.rows.find((r) => r.key === 'floor:North:2'));

    // The lift is on two floors: its alarm counts on both, once in the building and the site.
    tally.refresh([set('Lift', FLAGS.forced)]);
    expect(floor('floor:North:1').counts.alarm).toBe(1);
    expect(floor('floor:North:2').counts.alarm).toBe(2);
    expect(tally.counts(ALL, 'building').rows.find((r) => r.key === 'building:North')!.counts.alarm).toBe(2);
    expect(tally.counts(ALL, 'building').site.counts.alarm).toBe(2);

    // Back to calm: back to normal everywhere.
    tally.refresh([set('North L2 Door 1', CALM.door!), set('Lift', CALM.door!)]);
    expect(tally.counts(ALL, 'floor')).toEqual(countedAfresh(items, source, ALL, 'floor'));
    expect(tally.counts(ALL, 'floor').site.counts.alarm).toBe(0);
  });

  it('count an item gone stale as not live, and an alarm as an alarm still', () => {
    const { items, source, stale, set } = site();
    const tally = new BoardTally(items, source);
    const lift = items.find((i) => i.name === 'Lift')!;
    stale.set(lift.href, { href: lift.href, state: 'stale', since: 5_000, lastHeardAt: 4_000 });
    tally.refresh([lift.href]);
    expect(tally.counts(ALL, 'building').site.counts).toMatchObject({ notLive: 1, normal: items.length - 1 });
    tally.refresh([set('Lift', FLAGS.forced)]);
    expect(tally.counts(ALL, 'building').site.counts).toMatchObject({ notLive: 0, alarm: 1 });
  });

  it('after a filter, a change and the filter cleared: the same counts as counting every item', () => {
    const { items, source, set } = site();
    const tally = new BoardTally(items, source);
    const sensors: BoardFilter = { ...ALL, text: 'sensor' };
    for (const by of GROUPINGS) tally.counts(ALL, by);
    expect(tally.counts(sensors, 'building').site.total).toBe(18);

    // A sensor and a door change while only sensors are counted; the door is not among them.
    tally.refresh([set('South L3 Sensor 2', ['open', 'tamper']), set('North L1 Door 3', FLAGS.forced)]);
    tally.refresh([set('North L2 Door 2', FLAGS.offline)]);
    for (const by of GROUPINGS) expect(tally.counts(sensors, by)).toEqual(countedAfresh(items, source, sensors, by));
    // The sensor's tamper is counted; the forced door is not a sensor.
    expect(tally.counts(sensors, 'building').site.counts).toMatchObject({ alarm: 1, offline: 0 });

    // Cleared: the door's alarm is there, and every grouping agrees with a fresh count.
    for (const by of GROUPINGS) expect(tally.counts(ALL, by)).toEqual(countedAfresh(items, source, ALL, by));
    expect(tally.counts(ALL, 'building').site.counts).toMatchObject({ alarm: 2, offline: 1 });
  });

  it('keeps counts right through a run of changes, filters and groupings in any order', () => {
    const { items, source, set } = site();
    const tally = new BoardTally(items, source);
    const filters: BoardFilter[] = [ALL, { ...ALL, text: 'l2' }, { ...ALL, text: 'l2 door' }, { ...ALL, kind: 'input' }, { ...ALL, division: division('South').href }, { ...ALL, floor: 'floor:North:1' }];
    const flags = Object.values(FLAGS);
    let seed = 7;
    const next = (n: number) => (seed = (seed * 16_807) % 2_147_483_647) % n;
    for (let step = 0; step < 200; step++) {
      const filter = filters[next(filters.length)]!;
      const by = GROUPINGS[next(GROUPINGS.length)]!;
      tally.refresh([set(items[next(items.length)]!.name, flags[next(flags.length)]!, 10_000 + step)]);
      expect(tally.counts(filter, by)).toEqual(countedAfresh(items, source, filter, by));
    }
  });
});

describe('the matches kept per filter', () => {
  it('are what the filter matches, as a search is typed on and taken back', () => {
    const { items, source } = site();
    const tally = new BoardTally(items, source);
    for (const text of ['s', 'so', 'south', 'south l', 'south l3', 'south l', 'n', 'north sensor 2', '', 'SOUTH   L1']) {
      const filter = { ...ALL, text };
      expect(tally.matching(filter).map((s) => s.item.name)).toEqual(items.filter((i) => matchesFilter(i, filter)).map((i) => i.name));
    }
  });

  it('are the same with the search texts made ahead, in idle time, or at the first search', () => {
    const { items, source } = site();
    const ahead = new BoardTally(items, source);
    expect(ahead.prepareSearch(() => false)).toBe(true);
    expect(ahead.prepareSearch(() => true)).toBe(false);
    const filter = { ...ALL, text: 'north l3' };
    expect(ahead.matching(filter)).toEqual(new BoardTally(items, source).matching(filter));
    expect(ahead.matching(filter)).toHaveLength(6);
  });

  it('give the changed state of a matching item, and the same list while nothing matching changed', () => {
    const { items, source, set } = site();
    const tally = new BoardTally(items, source);
    const doors = { ...ALL, kind: 'door' as const };
    const first = tally.matching(doors);
    tally.refresh([set('North L1 Sensor 1', FLAGS.forced)]);
    expect(tally.matching(doors)).toBe(first);
    tally.refresh([set('North L1 Door 1', FLAGS.forced)]);
    expect(tally.matching(doors).find((s) => s.item.name === 'North L1 Door 1')!.bucket).toBe('alarm');
  });

  it('put the list in every sort order as sorting the matches does', () => {
    const { items, source, set } = site();
    const tally = new BoardTally(items, source);
    tally.refresh([set('North L1 Door 1', FLAGS.forced, 500), set('South L2 Sensor 3', FLAGS.free, 20_000), set('Lift', FLAGS.offline, 20_000)]);
    for (const filter of [ALL, { ...ALL, text: 'l1' }])
      for (const column of ['name', 'kind', 'floor', 'state', 'since'] as SortColumn[])
        for (const reversed of [false, true]) {
          const sort: ListSort = { column, reversed };
          expect(tally.listed(filter, sort)).toEqual(sortRows(tally.matching(filter), items, sort));
        }
  });
});

describe('the list order, picked out of the kept order or sorted', () => {
  it('is the same either way: many rows are picked, a few are compared', () => {
    const { items, source, set } = site();
    set('South L1 Door 2', FLAGS.forced, 3_000);
    set('North L3 Sensor 1', FLAGS.offline);
    const states = items.map((i) => itemState(i, source));
    const few = [states[30]!, states[3]!, states[17]!, states[36]!];
    for (const column of ['name', 'kind', 'floor', 'state', 'since'] as SortColumn[])
      for (const reversed of [false, true]) {
        const sort: ListSort = { column, reversed };
        // The whole board is picked; a few of its rows with one more (not ranked) are compared, in the same order.
        const all = sortRows(states, items, sort);
        const expected = all.filter((row) => few.includes(row));
        expect(sortRows(few, items, sort)).toEqual(expected);
        expect(sortRows([...states].reverse(), items, sort)).toEqual(all);
      }
  });
});

describe('item states kept by href', () => {
  it('reads again only the hrefs given, and says which moved between buckets', () => {
    const { items, source, set } = site();
    const states = new ItemStates(items, source);
    const door = items.findIndex((i) => i.name === 'South L3 Door 3');
    const changes = states.refresh([set('South L3 Door 3', FLAGS.free), 'https://127.0.0.1/api/doors/not-on-the-board']);
    expect(changes.read).toEqual([door]);
    expect(changes.moves).toEqual([{ at: door, from: 5, to: 4 }]);
    expect(states.states[door]!.bucket).toBe('attention');
    expect(states.buckets[door]).toBe(bucketIndex(states.states[door]!));
  });

  it('counts two items of one href each', () => {
    const twice = item('Twice');
    const { source } = site();
    const counts = new LiveCounts([twice, { ...twice }], 'building');
    counts.recount([0, 1], Uint8Array.of(5, 5));
    expect(counts.shown().site.counts.normal).toBe(2);
    const states = new ItemStates([twice, { ...twice }], source);
    expect(states.refresh([twice.href]).read).toEqual([0, 1]);
  });
});
