import { describe, expect, it } from 'vitest';
import { ANNOUNCED, announceNew } from '../../../renderer/src/board/lib/alarm-announcement';

interface Pending {
  id: string;
  words: string;
}
const pending = (...ids: string[]): Pending[] => ids.map((id) => ({ id, words: `alarm ${id}` }));
const say = (list: Pending[], heard: ReadonlySet<string>) => announceNew(list, heard, (a) => a.id, (a) => a.words);

describe('what assistive technology is told of new alarms', () => {
  it('names each new alarm once, and nothing when none is new', () => {
    const first = say(pending('1', '2'), new Set());
    expect(first.announcement).toBe('New alarm: alarm 1; alarm 2');
    const again = say(pending('1', '2', '3'), first.heard);
    expect(again.announcement).toBe('New alarm: alarm 3');
    expect(say(pending('1', '3'), again.heard).announcement).toBeUndefined();
  });

  it('names the first few of a flood and counts the rest', () => {
    const flood = pending(...Array.from({ length: 1_000 }, (_, i) => String(i)));
    const said = say(flood, new Set());
    expect(said.announcement).toBe(`New alarm: ${flood.slice(0, ANNOUNCED).map((a) => a.words).join('; ')}; and ${1_000 - ANNOUNCED} more`);
    expect(said.heard.size).toBe(1_000);
  });

  it('forgets alarms that left, so one raised again is new again', () => {
    const heard = say(pending('1'), new Set()).heard;
    const gone = say(pending(), heard).heard;
    expect(say(pending('1'), gone).announcement).toBe('New alarm: alarm 1');
  });
});
