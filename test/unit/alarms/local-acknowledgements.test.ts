import { describe, expect, it } from 'vitest';
import { alarmMigrations } from '../../../electron/core/alarms/alarm-migrations';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { AcknowledgementBook } from '../../../electron/core/board/acknowledgements';
import { LayoutStore, MemorySettingsStore } from '../../../electron/core/board/layout-store';
import { NOTHING_HELD } from '../../../electron/core/board/board-lookup';
import { ContractEvents } from '../../../electron/core/events';
import { layoutHandlers } from '../../../electron/core/handlers/layout-handlers';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { BoardItem } from '../../../shared/domain';

const door: BoardItem = { href: 'https://cc.test/api/doors/1', id: '1', kind: 'door', name: 'Dock', commands: [], commandOffers: [], group: 'Site', floors: [] };
const forced = [{ href: door.href, flags: ['open', 'unlocked', 'secure', 'forced'], statusText: '', receivedAt: 1 }];

/** A desk's book over the store, as desk.ts builds it; the board as a starting desk sees it (empty, then the items, then statuses). */
function deskBook(store: LocalStore) {
  const kept = new AlarmStore(store);
  const events = new ContractEvents();
  const book = new AcknowledgementBook(events, (list) => kept.keepAcknowledgements(list), () => 5_000, kept.acknowledgements());
  events.publishBoard([], NOTHING_HELD);
  events.publishBoard([door], NOTHING_HELD);
  return { events, book };
}

describe('the local acknowledgement book', () => {
  it('survives a restart (the local store), and still lapses when the alarm it acknowledged is gone', () => {
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    const first = deskBook(store);
    first.events.emit('status.delta', forced);
    first.book.acknowledge(door.href);
    first.book.stop();

    const restarted = deskBook(store);
    expect(restarted.book.list()).toEqual([{ href: door.href, concern: 'forced', at: 5_000 }]);
    // The same alarm reported again: still acknowledged, not announced anew.
    restarted.events.emit('status.delta', forced);
    expect(restarted.book.list()).toHaveLength(1);
    restarted.events.emit('status.delta', [{ ...forced[0]!, flags: ['closed', 'locked', 'secure'] }]);
    expect(restarted.book.list()).toEqual([]);
    expect(new AlarmStore(store).acknowledgements()).toEqual([]);
  });

  it('is refused where the site has its own alarm queue: acknowledgement goes to the server there', async () => {
    const store = LocalStore.openFile(':memory:', { migrations: alarmMigrations });
    const { events, book } = deskBook(store);
    events.emit('status.delta', forced);
    let serverAlarms = true;
    const handlers = layoutHandlers({ layouts: new LayoutStore(new MemorySettingsStore()), acknowledgements: book, siteKey: () => 'demo', serverAlarms: () => serverAlarms });
    await expect(handlers['attention.acknowledge']({ href: door.href })).rejects.toThrow(/acknowledged in the alarm queue/);
    expect(book.list()).toEqual([]);
    serverAlarms = false;
    await expect(handlers['attention.acknowledge']({ href: door.href })).resolves.toHaveLength(1);
  });
});
