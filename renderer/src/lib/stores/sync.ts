import { DeskError } from '../../../../shared/errors';
import { alarms } from '../../board/state/alarms.svelte';
import { layout } from '../../board/state/layout.svelte';
import type { RendererDesk } from '../desk';
import { board } from './board.svelte';
import { connection } from './connection.svelte';

/**
 * Feeds the stores from the desk: board.get, the layout and the acknowledgements whenever the link to
 * main (re)opens, then contract events. Events that arrive before the snapshot are applied too; the
 * snapshot never overwrites a newer status.
 */
export function syncStores(desk: RendererDesk, report: (message: string) => void): () => void {
  layout.connect((next) => desk.call('layout.set', next), report);
  const stops = [
    desk.on('connection', (state) => connection.reported(state)),
    desk.on('board.items', (items) => {
      board.setItems(items);
      // A new site (or the same one reloaded) may have its own layout.
      void load(() => desk.call('layout.get', {}), (l) => layout.loaded(l), 'the board layout', report);
    }),
    desk.on('status.delta', (statuses) => board.applyStatuses(statuses)),
    desk.on('status.liveness', (changes) => board.applyLiveness(changes)),
    desk.on('attention.acknowledged', (list) => alarms.replace(list)),
    desk.onLink((link) => {
      connection.linkChanged(link);
      if (link.phase !== 'open') return;
      void load(() => desk.call('board.get', {}), (snapshot) => {
        connection.reported(snapshot.connection);
        board.replace(snapshot);
      }, 'the board', report);
      void load(() => desk.call('attention.acknowledgements', {}), (list) => alarms.replace(list), 'the acknowledgements', report);
      void load(() => desk.call('layout.get', {}), (l) => layout.loaded(l), 'the board layout', report);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

async function load<T>(fetch: () => Promise<T>, apply: (value: T) => void, what: string, report: (message: string) => void): Promise<void> {
  try {
    apply(await fetch());
  } catch (err) {
    // Before any site is open main answers `offline`: the connection bar already says so.
    if (err instanceof DeskError && err.code === 'offline' && what !== 'the board') return;
    report(`Could not load ${what}: ${err instanceof DeskError ? err.message : String(err)}`);
  }
}
