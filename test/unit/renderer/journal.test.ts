import { describe, expect, it } from 'vitest';
import type { EventGroups, ServerEvent } from '../../../shared/contract/alarms';
import { matchesChoice, toEventFilter } from '../../../renderer/src/journal/journal-filter';
import { appendOlder, prependEvents, visibleWindow } from '../../../renderer/src/journal/journal-rows';

const ev = (id: string, extra: Partial<ServerEvent> = {}): ServerEvent => ({
  id,
  time: '2026-11-27T10:00:00Z',
  message: `m${id}`,
  priority: 1,
  type: 'Card access granted',
  group: 'Card Event',
  source: { name: 'Front door', itemHref: 'https://acs/api/doors/1' },
  ...extra,
});
const groups: EventGroups = [
  { id: '101', name: 'Card Event', types: [{ id: '20001', name: 'Card access granted' }, { id: '20002', name: 'Card access denied' }] },
  { id: '102', name: 'Door Alarm', types: [{ id: '23001', name: 'Door forced open' }] },
];

describe('the journal\'s rows', () => {
  it('puts live events (sent oldest first) on top, newest first, each once, and drops the oldest over the cap', () => {
    const rows = [ev('3'), ev('2'), ev('1')];
    const next = prependEvents(rows, [ev('3'), ev('4'), ev('5')], 4);
    expect(next.rows.map((r) => r.id)).toEqual(['5', '4', '3', '2']);
    expect(next.added).toBe(2);
    expect(next.trimmed).toBe(true);
  });

  it('adds an older page below, without repeats, up to the cap', () => {
    expect(appendOlder([ev('5'), ev('4')], [ev('4'), ev('3'), ev('2')], 3).map((r) => r.id)).toEqual(['5', '4', '3']);
  });

  it('draws only the rows on screen and a few spare, however many there are', () => {
    expect(visibleWindow(0, 400, 40, 5_000)).toEqual({ start: 0, end: 18 });
    expect(visibleWindow(40 * 2_000, 400, 40, 5_000)).toEqual({ start: 1_992, end: 2_018 });
    expect(visibleWindow(40 * 4_995, 400, 40, 5_000).end).toBe(5_000);
  });
});

describe('the journal\'s filters', () => {
  it('become the contract\'s filter: a group or a type, the item, the cardholder, the time range as instants', () => {
    const filter = toEventFilter({ kind: 'g:101', itemHref: 'https://acs/api/doors/1', cardholder: { href: 'https://acs/api/cardholders/9', name: 'Ng, Ana' }, from: '2026-11-27T08:00' });
    expect(filter).toEqual({ groups: ['101'], itemHref: 'https://acs/api/doors/1', cardholderHref: 'https://acs/api/cardholders/9', after: new Date('2026-11-27T08:00').toISOString() });
    expect(toEventFilter({ kind: 't:23001' })).toEqual({ types: ['23001'] });
  });

  it('let through only the live events the filter would have listed', () => {
    expect(matchesChoice(ev('1'), {}, groups)).toBe(true);
    expect(matchesChoice(ev('1'), { itemHref: 'https://acs/api/doors/2' }, groups)).toBe(false);
    expect(matchesChoice(ev('1'), { kind: 'g:101' }, groups)).toBe(true);
    expect(matchesChoice(ev('1'), { kind: 'g:102' }, groups)).toBe(false);
    expect(matchesChoice(ev('1', { type: 'Door forced open', group: undefined }), { kind: 't:23001' }, groups)).toBe(true);
    expect(matchesChoice(ev('1', { cardholder: 'Ng, Ana' }), { cardholder: { href: 'x', name: 'Ng, Ana' } }, groups)).toBe(true);
    expect(matchesChoice(ev('1'), { cardholder: { href: 'x', name: 'Ng, Ana' } }, groups)).toBe(false);
    expect(matchesChoice(ev('1'), { to: '2026-11-27T09:00' }, groups)).toBe(new Date('2026-11-27T09:00').getTime() > Date.parse('2026-11-27T10:00:00Z'));
  });
});
