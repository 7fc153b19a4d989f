import { startTrace } from '../log/start-trace';
import { createHash } from 'node:crypto';
import type { BoardItem } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import { ITEM_TYPES } from '../api/item-types';
import type { Transport } from '../api/transport';
import type { Monitor } from '../monitor/monitor';
import type { WatchTarget } from '../monitor/watcher';
import { loadCatalogue, type CatalogueEntry } from './catalogue';
import type { SiteBoard } from './site-board';

/** What a loaded catalogue means for the board and its watchers, apart from the session that holds it. */

/** An empty board is never "all normal": it says why, so the session keeps trying (licences and privileges come back). */
export function emptyBoardError(discovery: Discovery): DeskError {
  return discovery.links.has(ITEM_TYPES.door.feature)
    ? new DeskError('forbidden', "The server lists no doors this desk may see: check the operator's privileges on the REST client")
    : new DeskError('licence', "The server offers no door calls: the site's RESTStatus licence may be missing");
}

/**
 * A digest, not the JSON itself: at 10,000 items the JSON is megabytes held for one comparison. Hashed
 * item by item, the same bytes as the whole list's JSON (so a stored digest still matches), without
 * that list's one string: 35 MB at 50,000 items, held at the start and at every catalogue reload.
 */
export function boardDigest(board: readonly BoardItem[]): string {
  const hash = createHash('sha256').update('[');
  board.forEach((item, i) => hash.update(i === 0 ? JSON.stringify(item) : `,${JSON.stringify(item)}`));
  return hash.update(']').digest('hex');
}

/** The items the monitor watches: those the server gave an updates link, with their type's status fields. */
export function watchTargets(entries: Iterable<CatalogueEntry>): WatchTarget[] {
  return [...entries].flatMap((e) =>
    e.fields.updates
      ? [{ href: e.board.href, id: e.board.id, name: e.board.name, updatesHref: e.fields.updates.href, fields: ITEM_TYPES[e.board.kind].updateFields }]
      : [],
  );
}

/** Discovery's link to the multi-item updates subscription (`features.items.updates`). */
const SUBSCRIPTION_LINK = 'items.updates';

/**
 * Loads the catalogue onto the board and gives its items to the monitor to watch; nothing changes
 * once `signal` has aborted (the session stopped). An empty board throws (emptyBoardError).
 */
export async function loadBoard(transport: Transport, discovery: Discovery, board: SiteBoard, monitor: Monitor, signal: AbortSignal): Promise<void> {
  const { entries, statuses } = await loadCatalogue(transport, discovery);
  startTrace.mark('catalogue-read', { items: entries.size });
  if (signal.aborted) return;
  if (entries.size === 0) throw emptyBoardError(discovery);
  board.replace(entries, statuses, discovery);
  startTrace.mark('board-published');
  // Many items in one call where the server offers it (8.30+); item by item otherwise.
  monitor.useSubscriptions(discovery.links.get(SUBSCRIPTION_LINK));
  monitor.watch(watchTargets(board.entries()));
}
