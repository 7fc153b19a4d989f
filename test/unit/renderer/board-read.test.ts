import { describe, expect, it } from 'vitest';
import { takeRead } from '../../../renderer/src/lib/board/board-read';
import { item, status } from './fixtures';

const [a, b, gone] = [item('A'), item('B'), item('Gone')];

describe('a whole board read taken into the store', () => {
  it('keeps a status held that is newer than the read\'s, and takes the read\'s where it is newer', () => {
    const held = new Map([
      [a.href, status(a, ['open'], 2_000)],
      [b.href, status(b, ['open'], 500)],
    ]);
    const { statuses } = takeRead(held, { items: [a, b], statuses: [status(a, ['closed'], 1_000), status(b, ['closed'], 1_000)], liveness: [] }, []);
    expect(statuses.get(a.href)?.flags).toEqual(['open']);
    expect(statuses.get(b.href)?.flags).toEqual(['closed']);
  });

  it('drops what it held for items the read no longer has, and keeps a status the read lacks for an item it has', () => {
    const held = new Map([
      [gone.href, status(gone, ['open'])],
      [b.href, status(b, ['closed'])],
    ]);
    const { statuses } = takeRead(held, { items: [a, b], statuses: [status(a, ['closed'])], liveness: [] }, []);
    expect([...statuses.keys()].sort()).toEqual([a.href, b.href].sort());
  });

  it('holds only stale items, the liveness news since the read began applied after the read\'s own', () => {
    const { stale } = takeRead(
      new Map(),
      { items: [a, b], statuses: [], liveness: [{ href: a.href, state: 'stale', since: 1 }, { href: b.href, state: 'stale', since: 1 }] },
      [{ href: a.href, state: 'live', since: 2 }],
    );
    expect([...stale.keys()]).toEqual([b.href]);
  });
});
