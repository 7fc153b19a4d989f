import { describe, expect, it } from 'vitest';
import { AcknowledgementBook } from '../../../electron/core/board/acknowledgements';
import { LayoutStore, MemorySettingsStore } from '../../../electron/core/board/layout-store';
import { NOTHING_HELD } from '../../../electron/core/board/board-lookup';
import { ContractEvents } from '../../../electron/core/events';
import { layoutHandlers } from '../../../electron/core/handlers/layout-handlers';
import type { Acknowledgement } from '../../../shared/contract/layout';
import type { BoardItem } from '../../../shared/domain';

const door: BoardItem = { href: 'd1', id: '1', kind: 'door', name: 'Dock', commands: [], commandOffers: [], group: 'Site', floors: [] };
const status = (flags: string[]) => [{ href: 'd1', flags, statusText: '', receivedAt: 1 }];

function book() {
  const events = new ContractEvents();
  const told: Acknowledgement[][] = [];
  const acks = new AcknowledgementBook(events, (list) => told.push(list), () => 1_000);
  events.publishBoard([door], NOTHING_HELD);
  return { events, acks, told };
}

describe('acknowledgements at the desk', () => {
  it('records an alarm\'s acknowledgement with the time and the concern, and tells the desk', () => {
    const { events, acks, told } = book();
    events.emit('status.delta', status(['open', 'unlocked', 'secure', 'forced']));
    expect(acks.acknowledge('d1')).toEqual([{ href: 'd1', concern: 'forced', at: 1_000 }]);
    expect(told).toHaveLength(1);
  });

  it('refuses to acknowledge an item that reports no alarm (a deliberately open door is not one)', () => {
    const { events, acks } = book();
    events.emit('status.delta', status(['open', 'unlocked', 'free']));
    expect(() => acks.acknowledge('d1')).toThrow(/no alarm/);
  });

  it('lets the acknowledgement lapse when the alarm clears, so the next alarm is announced again', () => {
    const { events, acks, told } = book();
    events.emit('status.delta', status(['open', 'unlocked', 'secure', 'forced']));
    acks.acknowledge('d1');
    events.emit('status.delta', status(['closed', 'locked', 'secure']));
    expect(acks.list()).toEqual([]);
    expect(told.at(-1)).toEqual([]);
  });

  it('lets it lapse when the item reports a different alarm', () => {
    const { events, acks } = book();
    events.emit('status.delta', status(['open', 'unlocked', 'secure', 'forced']));
    acks.acknowledge('d1');
    events.emit('status.delta', status(['closed', 'locked', 'secure', 'tamper']));
    expect(acks.list()).toEqual([]);
  });

  it('reads a new board\'s statuses from the board itself, as they come in it and not as deltas after it', () => {
    const { events, acks } = book();
    const [forced] = status(['open', 'unlocked', 'secure', 'forced']);
    events.publishBoard([door], { status: (href) => (href === 'd1' ? forced : undefined), staleness: () => undefined });
    expect(acks.acknowledge('d1')).toEqual([{ href: 'd1', concern: 'forced', at: 1_000 }]);
    // The next board says the door is secure again: the acknowledgement lapses with it.
    events.publishBoard([door], { status: () => ({ ...forced!, flags: ['closed', 'locked', 'secure'] }), staleness: () => undefined });
    expect(acks.list()).toEqual([]);
  });

  it('lets a kept acknowledgement lapse a moment after a board says its alarm is gone, and tells the desk unasked', async () => {
    const events = new ContractEvents();
    const told: Acknowledgement[][] = [];
    new AcknowledgementBook(events, (list) => told.push(list), () => 1_000, [{ href: 'd1', concern: 'forced', at: 500 }]);
    const [secure] = status(['closed', 'locked', 'secure']);
    events.publishBoard([door], { status: () => secure, staleness: () => undefined });
    // Taken in after the page's board and the connection's news, not before them.
    expect(told).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toEqual([[]]);
  });
});

describe('the board layout store', () => {
  it('keeps one layout per site and reads an unreadable one as none', () => {
    const settings = new MemorySettingsStore();
    const layouts = new LayoutStore(settings);
    layouts.set('demo', { collapsed: ['site', 'site'], pinned: ['d1'], order: [] });
    expect(layouts.get('demo')).toEqual({ collapsed: ['site'], pinned: ['d1'], order: [] });
    expect(layouts.get('https://other.example')).toEqual({ collapsed: [], pinned: [], order: [] });
    settings.set('boardLayouts', { demo: { collapsed: 'all' } });
    expect(layouts.get('demo')).toEqual({ collapsed: [], pinned: [], order: [] });
  });

  it('keeps the chosen view and what the overview counts by, per site, through the contract', async () => {
    const settings = new MemorySettingsStore();
    let site = 'demo';
    const handlers = layoutHandlers({ layouts: new LayoutStore(settings), acknowledgements: book().acks, siteKey: () => site });
    const kept = await handlers['layout.set']({ collapsed: [], pinned: [], order: [], view: 'overview', overviewBy: 'floor' });
    expect(kept).toEqual({ collapsed: [], pinned: [], order: [], view: 'overview', overviewBy: 'floor' });
    // Read back as a restarted desk would, from the settings store alone.
    expect(new LayoutStore(settings).get('demo')).toMatchObject({ view: 'overview', overviewBy: 'floor' });
    site = 'https://other.example';
    expect((await handlers['layout.get']({})).view).toBeUndefined();
    // A view this desk does not know (a hand-edited file) is no layout at all: the board's defaults.
    settings.set('boardLayouts', { demo: { collapsed: [], pinned: [], order: [], view: 'wall' } });
    expect(new LayoutStore(settings).get('demo')).toEqual({ collapsed: [], pinned: [], order: [] });
  });
});

describe('acknowledging through the contract', () => {
  it('tells the audit log what was acknowledged and why, and tells it nothing for a refused acknowledgement', async () => {
    const { events, acks } = book();
    const recorded: Array<[string, string]> = [];
    const handlers = layoutHandlers({
      layouts: new LayoutStore(new MemorySettingsStore()),
      acknowledgements: acks,
      siteKey: () => 'demo',
      acknowledged: (href, concern) => recorded.push([href, concern]),
    });
    await expect(handlers['attention.acknowledge']({ href: 'd1' })).rejects.toThrow(/no alarm/);
    expect(recorded).toEqual([]);
    events.emit('status.delta', status(['open', 'unlocked', 'secure', 'forced']));
    await handlers['attention.acknowledge']({ href: 'd1' });
    expect(recorded).toEqual([['d1', 'forced']]);
  });
});
