import { DeskError } from '../../../../shared/errors';
import { syncAlarms } from '../../alarms/alarm-sync';
import { alarms } from '../../board/state/alarms.svelte';
import { layout } from '../../board/state/layout.svelte';
import { syncOverdueVisitors } from '../../board/state/overdue-visitors.svelte';
import type { RendererDesk } from '../desk';
import { board } from './board.svelte';
import { BoardFeed } from './board-feed';
import { connection } from './connection.svelte';

/**
 * Feeds the stores from the desk: board.get (page by page, through the BoardFeed), the layout and the
 * acknowledgements whenever the link to main (re)opens, then contract events. Events that arrive
 * before the snapshot are applied too; the snapshot never overwrites a newer status.
 */
export function syncStores(desk: RendererDesk, report: (message: string) => void): () => void {
  layout.connect((next) => desk.call('layout.set', next), report);
  const loadLayout = () => void load(() => desk.call('layout.get', {}), (l) => layout.loaded(l), 'the board layout', report);
  const feed = new BoardFeed(
    {
      readStarted: () => board.readStarted(),
      readEnded: () => board.readEnded(),
      replace: (whole) => {
        connection.reported(whole.connection);
        board.replace(whole);
      },
      published: (content) => {
        board.published(content);
        // A new site (or the same one reloaded) may have its own layout.
        loadLayout();
      },
    },
    (part) => desk.call('board.get', { part }),
    (err) => report(`Could not load the board: ${err instanceof DeskError ? err.message : String(err)}`),
  );
  const stops = [
    desk.on('connection', (state) => connection.reported(state)),
    desk.on('board.items', (part) => feed.part(part)),
    desk.on('status.delta', (statuses) => board.applyStatuses(statuses)),
    desk.on('status.liveness', (changes) => board.applyLiveness(changes)),
    desk.on('attention.acknowledged', (list) => alarms.replace(list)),
    syncAlarms(desk, report),
    syncOverdueVisitors(desk),
    desk.onLink((link) => {
      connection.linkChanged(link);
      if (link.phase !== 'open') return;
      void feed.linkOpened();
      void load(() => desk.call('attention.acknowledgements', {}), (list) => alarms.replace(list), 'the acknowledgements', report);
      loadLayout();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

async function load<T>(fetch: () => Promise<T>, apply: (value: T) => void, what: string, report: (message: string) => void): Promise<void> {
  try {
    apply(await fetch());
  } catch (err) {
    // Before any site is open main answers `offline`: the connection bar already says so.
    if (err instanceof DeskError && err.code === 'offline') return;
    report(`Could not load ${what}: ${err instanceof DeskError ? err.message : String(err)}`);
  }
}
