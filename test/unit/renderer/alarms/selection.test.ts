import { describe, expect, it } from 'vitest';
import { click, keepOnly, NOTHING_CHOSEN } from '../../../../renderer/src/alarms/lib/selection';
import { alarm } from './fixtures';

const forced = (id: string) => alarm(id, { kind: 'Door forced open' });
const held = (id: string) => alarm(id, { kind: 'Door held open' });
const queue = [forced('1'), held('2'), forced('3'), forced('4'), held('5'), forced('6')];
const chosen = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

/** The queue's lookup, as the screen gives it. */
const inList = (list: readonly { id: string }[]) => (id: string) => list.some((a) => a.id === id);

describe('choosing alarms to work together', () => {
  it('toggles one at a time, alarms of one kind only', () => {
    let s = click(NOTHING_CHOSEN, queue[0]!, false, queue);
    s = click(s, queue[2]!, false, queue);
    expect(chosen(s)).toEqual(['1', '3']);
    expect(s.kind).toBe('Door forced open');
    s = click(s, queue[0]!, false, queue);
    expect(chosen(s)).toEqual(['3']);
    // Another kind starts the choice again with it.
    s = click(s, queue[1]!, false, queue);
    expect(chosen(s)).toEqual(['2']);
    expect(s.kind).toBe('Door held open');
    // …and says what it unticked, once: the next click of the same kind says nothing more.
    expect(s.dropped).toEqual({ count: 1, kind: 'Door forced open' });
    s = click(s, queue[4]!, false, queue);
    expect(s.dropped).toBeUndefined();
  });

  it('shift-click chooses the range from the last click, skipping alarms of other kinds', () => {
    let s = click(NOTHING_CHOSEN, queue[0]!, false, queue);
    s = click(s, queue[5]!, true, queue);
    expect(chosen(s)).toEqual(['1', '3', '4', '6']);
  });

  it('forgets alarms that left the queue', () => {
    let s = click(NOTHING_CHOSEN, queue[0]!, false, queue);
    s = click(s, queue[2]!, false, queue);
    s = keepOnly(s, inList(queue.slice(1)));
    expect(chosen(s)).toEqual(['3']);
    s = keepOnly(s, inList([held('2')]));
    expect(chosen(s)).toEqual([]);
    expect(s.kind).toBeUndefined();
  });
});
