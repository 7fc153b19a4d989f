import { describe, expect, it } from 'vitest';
import { SiteBoard } from '../../../electron/core/board/site-board';
import { ContractEvents } from '../../../electron/core/events';
import { LivenessBook } from '../../../electron/core/monitor/liveness';
import type { ItemStatus } from '../../../shared/domain';

const DOOR = 'https://s/api/doors/1';
const status = (flags: string[], receivedAt: number, extra: Partial<ItemStatus> = {}): ItemStatus => ({
  href: DOOR,
  flags,
  statusText: flags.join('\n'),
  receivedAt,
  ...extra,
});

function boardWithDeltas() {
  const events = new ContractEvents();
  const liveness = new LivenessBook(() => undefined);
  const board = new SiteBoard(events, () => liveness);
  const sent: ItemStatus[][] = [];
  events.on('status.delta', (delta) => sent.push(delta));
  return { board, sent };
}

describe('the site board sends on only the statuses that say something new', () => {
  it('does not send a status again when only the time it was heard differs (a subscription repeating the search)', () => {
    const { board, sent } = boardWithDeltas();
    const first = status(['closed', 'locked'], 1_000);
    board.publishStatuses([first]);
    board.publishStatuses([status(['closed', 'locked'], 2_000)]);
    expect(sent).toEqual([[first]]);
    // The status kept is the one first heard: the page and the store were told of it then.
    expect(board.snapshot({ phase: 'connected' } as never).statuses).toEqual([first]);
  });

  it('sends a change of flags, text, zone count or voltage', () => {
    const { board, sent } = boardWithDeltas();
    const steps = [
      status(['closed', 'locked'], 1),
      status(['open', 'locked'], 2),
      status(['open', 'locked'], 3, { statusText: 'Open, locked, held' }),
      status(['open', 'locked'], 4, { statusText: 'Open, locked, held', zoneCount: 3 }),
      status(['open', 'locked'], 5, { statusText: 'Open, locked, held', zoneCount: 3, voltage: 8_100 }),
    ];
    for (const step of steps) board.publishStatuses([step]);
    expect(sent.flat().map((s) => s.receivedAt)).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends the new ones of a batch and nothing for a batch with none', () => {
    const { board, sent } = boardWithDeltas();
    const other = { ...status(['open'], 1), href: 'https://s/api/doors/2' };
    board.publishStatuses([status(['closed'], 1), other]);
    board.publishStatuses([status(['closed'], 2), { ...other, receivedAt: 2 }]);
    board.publishStatuses([status(['open'], 3), { ...other, receivedAt: 3 }]);
    expect(sent.map((batch) => batch.map((s) => `${s.href.slice(-1)}@${s.receivedAt}`))).toEqual([['1@1', '2@1'], ['1@3']]);
  });
});
