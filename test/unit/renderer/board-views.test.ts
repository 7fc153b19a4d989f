import { describe, expect, it } from 'vitest';
import type { BoardItem, FloorPlace, ItemLiveness } from '../../../shared/domain';
import { BUCKETS, bucketOf, itemState, type ItemState, type StateBucket } from '../../../renderer/src/board/lib/item-state';
import { countSite, groupsOf, inCount, worstFirst, WHOLE_SITE, type CountRow } from '../../../renderer/src/board/overview/lib/site-counts';
import { nextSort, sortRows, DEFAULT_SORT } from '../../../renderer/src/board/list/lib/list-sort';
import { viewForKey } from '../../../renderer/src/board/views/view-keys';
import { item, source, status } from './fixtures';

const level = (n: number, building: string): FloorPlace => ({ key: `floor:${building}:${n}`, name: `Level ${n}`, floorNumber: n, building });
const division = (name: string) => ({ href: `https://127.0.0.1/api/divisions/${name}`, id: name, name });

describe('an item state for the overview and the list', () => {
  const door = item('Dock');

  it('reads the verdict by the tiles own rules: forced is an alarm, free is caution, closed and locked is normal', () => {
    expect(itemState(door, source([status(door, ['forced', 'open'])])).bucket).toBe('alarm');
    expect(itemState(door, source([status(door, ['closed', 'unlocked', 'free'])])).bucket).toBe('attention');
    expect(itemState(door, source([status(door, ['closed', 'locked', 'secure'])])).bucket).toBe('normal');
    // No status yet: unknown, as its tile says.
    expect(itemState(door, source([])).bucket).toBe('unknown');
  });

  it('counts an item not heard from as not live, since it went stale; an alarm stays an alarm', () => {
    const stale: ItemLiveness = { href: door.href, state: 'stale', since: 5_000, lastHeardAt: 4_000 };
    const calm = itemState(door, source([status(door, ['closed', 'locked', 'secure'], 1_000)], [stale]));
    expect(calm.bucket).toBe('notLive');
    expect(calm.since).toBe(5_000);
    expect(itemState(door, source([status(door, ['forced'], 1_000)], [stale])).bucket).toBe('alarm');
    // The whole desk not live: every item as its tile shows it, muted.
    expect(itemState(door, source([status(door, ['closed', 'locked', 'secure'], 1_000)], [], false)).bucket).toBe('notLive');
    expect(bucketOf('alarm', true)).toBe('alarm');
    expect(bucketOf('offline', true)).toBe('notLive');
    expect(bucketOf('offline', false)).toBe('offline');
  });

  it('is since the status arrived when live', () => {
    expect(itemState(door, source([status(door, ['closed'], 7_000)])).since).toBe(7_000);
  });
});

describe('the overview counts', () => {
  const a1 = item('A1', { floors: [level(1, 'North')], division: division('North Building') });
  const a2 = item('A2', { floors: [level(2, 'North')], division: division('North Building') });
  const b1 = item('B1', { floors: [level(1, 'South')], division: division('South Building') });
  // A lift door on two floors of one building, and one on floors of two buildings.
  const lift = item('Lift', { floors: [level(1, 'North'), level(2, 'North')], division: division('North Building') });
  const bridge = item('Bridge', { floors: [level(2, 'North'), level(2, 'South')] });
  const fence = item('Fence', { kind: 'fenceZone' });
  const items = [fence, b1, bridge, a2, lift, a1];
  const buckets: Record<string, StateBucket> = { A1: 'alarm', A2: 'normal', B1: 'attention', Lift: 'notLive', Bridge: 'normal', Fence: 'offline' };
  const bucket = (i: BoardItem) => buckets[i.name]!;
  const row = (rows: CountRow[], key: string) => rows.find((r) => r.key === key)!;

  it('by floor: every floor in floor order and the site last; an item on two floors counts on both, the whole site once', () => {
    const { site, rows } = countSite(items, bucket, 'floor');
    expect(rows.map((r) => r.label)).toEqual(['Level 1 · North', 'Level 1 · South', 'Level 2 · North', 'Level 2 · South', 'Site']);
    expect(row(rows, 'floor:North:1').counts).toMatchObject({ alarm: 1, notLive: 1 });
    expect(row(rows, 'floor:North:1').total).toBe(2);
    expect(row(rows, 'floor:North:2').counts).toMatchObject({ normal: 2, notLive: 1 });
    expect(row(rows, 'site').counts.offline).toBe(1);
    expect(site.key).toBe(WHOLE_SITE);
    expect(site.total).toBe(items.length);
    expect(site.counts).toEqual({ alarm: 1, offline: 1, unknown: 0, notLive: 1, attention: 1, normal: 2 });
  });

  it('by building: each building once per item, buildings by name, the site last', () => {
    const { rows } = countSite(items, bucket, 'building');
    expect(rows.map((r) => r.label)).toEqual(['North', 'South', 'Site']);
    // The lift is on two North floors but is one North item; the bridge counts in both buildings.
    expect(row(rows, 'building:North').total).toBe(4);
    expect(row(rows, 'building:North').counts).toMatchObject({ alarm: 1, normal: 2, notLive: 1 });
    expect(row(rows, 'building:South').counts).toMatchObject({ attention: 1, normal: 1 });
  });

  it('by division: by name, items without one last', () => {
    const { rows } = countSite(items, bucket, 'division');
    expect(rows.map((r) => r.label)).toEqual(['North Building', 'South Building', 'No division']);
    expect(row(rows, `division:${division('North Building').href}`).total).toBe(3);
    expect(row(rows, 'division:').total).toBe(2);
  });

  it('a count stands for exactly the items in its group and state', () => {
    const north = 'building:North';
    const behind = (key: string, b: StateBucket) => items.filter((i) => inCount(i, bucket(i), 'building', { key, bucket: b })).map((i) => i.name);
    expect(behind(north, 'normal').sort()).toEqual(['A2', 'Bridge']);
    expect(behind(north, 'alarm')).toEqual(['A1']);
    expect(behind('building:South', 'normal')).toEqual(['Bridge']);
    expect(behind(WHOLE_SITE, 'offline')).toEqual(['Fence']);
    // Every count together is every item of its group, once.
    const { rows } = countSite(items, bucket, 'building');
    for (const r of rows) expect(BUCKETS.reduce((n, b) => n + behind(r.key, b).length, 0)).toBe(r.total);
  });

  it('puts the rows that need a look first, worst and most first; calm rows keep their order', () => {
    const make = (key: string, counts: Partial<Record<StateBucket, number>>): CountRow => ({
      key,
      label: key,
      counts: { alarm: 0, offline: 0, unknown: 0, notLive: 0, attention: 0, normal: 0, ...counts },
      total: 0,
    });
    const rows = [
      make('calm', { normal: 9 }),
      make('caution', { attention: 4, normal: 1 }),
      make('one-offline', { offline: 1, normal: 5 }),
      make('two-alarms', { alarm: 2 }),
      make('not-live', { notLive: 3 }),
      make('one-alarm', { alarm: 1, offline: 7 }),
      make('calm-2', { normal: 1 }),
    ];
    expect(worstFirst(rows).map((r) => r.key)).toEqual(['two-alarms', 'one-alarm', 'one-offline', 'not-live', 'calm', 'caution', 'calm-2']);
  });

  it('groups an item by the board own floor groups', () => {
    expect(groupsOf(fence, 'floor')).toEqual([{ key: 'site', label: 'Site' }]);
    expect(groupsOf(lift, 'building')).toEqual([{ key: 'building:North', label: 'North' }]);
  });
});

describe('the list order', () => {
  const place = (n: number) => [level(n, 'North')];
  const rows: ItemState[] = [
    state(item('Door 10', { floors: place(1) }), 'normal', 300),
    state(item('door 2', { kind: 'accessZone', floors: place(3) }), 'alarm', 100),
    state(item('Gate', { kind: 'input', floors: place(2) }), 'normal', undefined),
    state(item('Alpha', { kind: 'macro' }), 'notLive', 200),
    state(item('Door 9', { floors: place(1) }), 'alarm', 400),
  ];
  const items = rows.map((r) => r.item);
  const names = (sorted: ItemState[]) => sorted.map((r) => r.item.name);

  it('sorts by name in natural order (9 before 10), either way', () => {
    expect(names(sortRows(rows, items, { column: 'name', reversed: false }))).toEqual(['Alpha', 'door 2', 'Door 9', 'Door 10', 'Gate']);
    expect(names(sortRows(rows, items, { column: 'name', reversed: true }))).toEqual(['Gate', 'Door 10', 'Door 9', 'door 2', 'Alpha']);
  });

  it('sorts by state worst first, ties by name', () => {
    expect(names(sortRows(rows, items, DEFAULT_SORT))).toEqual(['door 2', 'Door 9', 'Alpha', 'Door 10', 'Gate']);
    expect(names(sortRows(rows, items, { column: 'state', reversed: true }))).toEqual(['Door 10', 'Gate', 'Alpha', 'door 2', 'Door 9']);
  });

  it('sorts by type in words, by floor in floor order (the site last), and by since latest first, never heard last', () => {
    expect(names(sortRows(rows, items, { column: 'kind', reversed: false }))).toEqual(['door 2', 'Door 9', 'Door 10', 'Gate', 'Alpha']);
    expect(names(sortRows(rows, items, { column: 'floor', reversed: false }))).toEqual(['Door 9', 'Door 10', 'Gate', 'door 2', 'Alpha']);
    expect(names(sortRows(rows, items, { column: 'since', reversed: false }))).toEqual(['Door 9', 'Door 10', 'Alpha', 'door 2', 'Gate']);
  });

  it('a header clicked sorts by it; clicked again, the other way', () => {
    const byName = nextSort(DEFAULT_SORT, 'name');
    expect(byName).toEqual({ column: 'name', reversed: false });
    expect(nextSort(byName, 'name')).toEqual({ column: 'name', reversed: true });
    expect(nextSort({ column: 'name', reversed: true }, 'since')).toEqual({ column: 'since', reversed: false });
  });
});

describe('the view keys', () => {
  it('are 1 to 4, and nothing else', () => {
    expect(['1', '2', '3', '4'].map(viewForKey)).toEqual(['overview', 'tiles', 'compact', 'list']);
    expect(viewForKey('5')).toBeUndefined();
    expect(viewForKey('o')).toBeUndefined();
  });
});

function state(of: BoardItem, bucket: StateBucket, since: number | undefined): ItemState {
  return { item: of, bucket, since, reading: { verdict: bucket === 'notLive' ? 'normal' : bucket, words: [], reasons: [] } };
}
