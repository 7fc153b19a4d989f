import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardholderSearchResult } from '../../../shared/contract/directory';
import { divisionLabel } from '../../../renderer/src/enrolment/lib/enrol-form';
import { CardholderLookup, lookupNote, LOOKUP_DELAY_MS, moveHighlight, type LookupState } from '../../../renderer/src/lib/people/cardholder-lookup';

const person = (name: string) => ({ href: `https://s/api/cardholders/${name}`, id: name, name, divisionName: 'North Building' });

/** A search whose answers the test releases one by one, in any order. */
function heldSearch() {
  const asked: { name: string; answer: (r: CardholderSearchResult) => void; fail: (e: Error) => void }[] = [];
  const search = (name: string) =>
    new Promise<CardholderSearchResult>((answer, fail) => {
      asked.push({ name, answer, fail });
    });
  return { asked, search };
}

describe('cardholder lookup as the operator types', () => {
  let shown: LookupState[];
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
  });
  afterEach(() => vi.useRealTimers());

  it('asks once per pause in typing, with the text trimmed', async () => {
    const { asked, search } = heldSearch();
    const lookup = new CardholderLookup(search, (s) => shown.push(s));
    lookup.type('g');
    lookup.type('gr');
    lookup.type(' gra ');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS - 1);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((a) => a.name)).toEqual(['gra']);
    asked[0]!.answer({ matches: [person('Grace'), person('Oliver Grant')], more: false });
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toEqual({ query: 'gra', phase: 'done', matches: [person('Grace'), person('Oliver Grant')], more: false });
  });

  it('shows only the answer to the latest text: a late answer to older text is dropped', async () => {
    const { asked, search } = heldSearch();
    const lookup = new CardholderLookup(search, (s) => shown.push(s));
    lookup.type('gr');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS);
    lookup.type('whit');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS);
    asked[1]!.answer({ matches: [person('Grace Whitfield')], more: false });
    await vi.runAllTimersAsync();
    asked[0]!.answer({ matches: [person('Oliver Grant')], more: false });
    await vi.runAllTimersAsync();
    expect(shown.at(-1)!.matches).toEqual([person('Grace Whitfield')]);
  });

  it('clearing the field stops a waiting search; a failure says why', async () => {
    const { asked, search } = heldSearch();
    const lookup = new CardholderLookup(search, (s) => shown.push(s));
    lookup.type('gr');
    lookup.type('  ');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS * 2);
    expect(asked).toHaveLength(0);
    expect(shown.at(-1)!.phase).toBe('idle');
    lookup.type('x');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS);
    asked[0]!.fail(new Error('Not connected to the server'));
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toMatchObject({ phase: 'failed', error: 'Not connected to the server' });
    expect(lookupNote(shown.at(-1)!, 20)).toBe('Search failed: Not connected to the server');
  });
});

describe('arrow keys and the note under the field', () => {
  it('moves the highlight, wrapping at both ends', () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });

  it('says when nothing matched, and when more matched than are shown', () => {
    expect(lookupNote({ query: 'zz', phase: 'done', matches: [], more: false }, 20)).toBe("No cardholder's name holds “zz”.");
    expect(lookupNote({ query: 'a', phase: 'done', matches: [person('A')], more: true }, 20)).toMatch(/first 20 shown: type more/);
    expect(lookupNote({ query: 'a', phase: 'done', matches: [person('A')], more: false }, 20)).toBe('');
  });
});

describe('division labels in the choice list', () => {
  const d = (name: string, parentName?: string) => ({ href: `https://s/api/divisions/${name}-${parentName}`, name, ...(parentName ? { parentName } : {}) });
  it('names a division alone, and adds the parent only where two share a name', () => {
    const all = [d('Campus'), d('Lobby', 'North Building'), d('Lobby', 'South Building'), d('North Labs', 'North Building')];
    expect(all.map((x) => divisionLabel(x, all))).toEqual(['Campus', 'Lobby (in North Building)', 'Lobby (in South Building)', 'North Labs']);
  });
});
