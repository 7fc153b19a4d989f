import { DeskError } from '../../../../shared/errors';
import type { RendererDesk } from '../desk';
import { board } from './board.svelte';
import { connection } from './connection.svelte';

/**
 * Feeds the stores from the desk: board.get whenever the link to main (re)opens, then contract events.
 * Events that arrive before the snapshot are applied too; the snapshot never overwrites a newer status.
 */
export function syncStores(desk: RendererDesk, report: (message: string) => void): () => void {
  const stops = [
    desk.on('connection', (state) => connection.reported(state)),
    desk.on('board.items', (items) => board.setItems(items)),
    desk.on('status.delta', (statuses) => board.applyStatuses(statuses)),
    desk.onLink((link) => {
      connection.linkChanged(link);
      if (link.phase === 'open') void loadBoard(desk, report);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

async function loadBoard(desk: RendererDesk, report: (message: string) => void): Promise<void> {
  try {
    const snapshot = await desk.call('board.get', {});
    connection.reported(snapshot.connection);
    board.replace(snapshot);
  } catch (err) {
    report(`Could not load the board: ${err instanceof DeskError ? err.message : String(err)}`);
  }
}
