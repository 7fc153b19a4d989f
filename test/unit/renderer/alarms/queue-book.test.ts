import { describe, expect, it } from 'vitest';
import { queueOrder } from '../../../../renderer/src/alarms/lib/alarm-order';
import { QueueBook } from '../../../../renderer/src/alarms/lib/queue-book';
import { alarm } from './fixtures';

const ids = (book: QueueBook) => book.sorted().map((a) => a.id);

describe('the queue order', () => {
  it('puts the highest priority first and, within a priority, the alarm that has waited longest', () => {
    const list = [
      alarm('low-old', { priority: 3, time: '2026-11-27T09:00:00Z' }),
      alarm('high-new', { priority: 9, time: '2026-11-27T10:05:00Z' }),
      alarm('high-old', { priority: 9, time: '2026-11-27T10:01:00Z' }),
      alarm('mid', { priority: 6, time: '2026-11-27T08:00:00Z' }),
    ];
    expect(list.sort(queueOrder).map((a) => a.id)).toEqual(['high-old', 'high-new', 'mid', 'low-old']);
  });

  it('compares times as instants, whatever offset the server wrote them with', () => {
    const a = alarm('a', { time: '2026-11-27T12:00:00+02:00' }); // 10:00Z
    const b = alarm('b', { time: '2026-11-27T10:30:00Z' });
    expect([b, a].sort(queueOrder).map((x) => x.id)).toEqual(['a', 'b']);
  });
});

describe('the queue book', () => {
  it('applies changes by id, and drops alarms removed or processed', () => {
    const book = new QueueBook();
    book.replace({ alarms: [alarm('1'), alarm('2'), alarm('3')] });
    book.apply({ upserts: [alarm('2', { state: 'acknowledged' }), alarm('4', { priority: 9 })], removed: ['1'] });
    expect(ids(book)).toEqual(['4', '2', '3']);
    expect(book.get('2')?.state).toBe('acknowledged');
    book.apply({ upserts: [alarm('3', { state: 'processed' })], removed: [] });
    expect(ids(book)).toEqual(['4', '2']);
  });

  it('keeps news that came while the whole queue was being read: the read never brings back a processed alarm', () => {
    const book = new QueueBook();
    book.replace({ alarms: [alarm('1')] });
    book.readStarted();
    book.apply({ upserts: [alarm('9', { priority: 9 })], removed: ['1'] });
    // The read was taken before the news: it still holds 1 and lacks 9.
    book.replace({ alarms: [alarm('1'), alarm('2')] });
    expect(ids(book)).toEqual(['9', '2']);
    // Once applied, later reads stand alone.
    book.replace({ alarms: [alarm('1')] });
    expect(ids(book)).toEqual(['1']);
  });

  it('leaves processed alarms out of a read', () => {
    const book = new QueueBook();
    book.replace({ alarms: [alarm('1', { state: 'processed' }), alarm('2')] });
    expect(ids(book)).toEqual(['2']);
  });

  it('keeps the order as changes come one by one, as a sort of the whole queue would give it', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const book = new QueueBook();
    const pick = (n: number) => Math.floor(random() * n);
    const time = () => `2026-11-27T10:${String(pick(60)).padStart(2, '0')}:00Z`;
    book.replace({ alarms: Array.from({ length: 300 }, (_, i) => alarm(`a${i}`, { priority: pick(10), time: time() })) });
    book.sorted();
    const held = new Map(book.sorted().map((a) => [a.id, a]));
    for (let step = 0; step < 2_000; step++) {
      const id = `a${pick(400)}`;
      const roll = random();
      if (roll < 0.3) {
        book.apply({ upserts: [], removed: [id] });
        held.delete(id);
      } else if (roll < 0.4) {
        book.apply({ upserts: [alarm(id, { state: 'processed' })], removed: [] });
        held.delete(id);
      } else {
        const next = alarm(id, { priority: pick(10), time: time(), state: random() < 0.5 ? 'acknowledged' : 'unacknowledged' });
        book.apply({ upserts: [next], removed: [] });
        held.set(id, next);
      }
      if (step % 50 === 0) expect(ids(book)).toEqual([...held.values()].sort(queueOrder).map((a) => a.id));
    }
    expect(ids(book)).toEqual([...held.values()].sort(queueOrder).map((a) => a.id));
  });

  it('hands out a new list after a change and leaves the one handed out before as it was', () => {
    const book = new QueueBook();
    book.replace({ alarms: [alarm('1'), alarm('2')] });
    const before = book.sorted();
    book.apply({ upserts: [alarm('3', { priority: 9 })], removed: ['1'] });
    const after = book.sorted();
    expect(after).not.toBe(before);
    expect(before.map((a) => a.id)).toEqual(['1', '2']);
    expect(after.map((a) => a.id)).toEqual(['3', '2']);
  });
});
