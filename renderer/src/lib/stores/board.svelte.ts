import { SvelteMap } from 'svelte/reactivity';
import type { BoardItem, BoardSnapshot, ItemStatus } from '../../../../shared/domain';
import { supersedes } from '../board/status-order';

/** The board's items and the latest status per href, fed only by board.get and contract events. */
class BoardStore {
  items = $state.raw<BoardItem[]>([]);
  statuses = new SvelteMap<string, ItemStatus>();
  /** Whether a board.get has answered yet (until then the board says it is loading, not empty). */
  loaded = $state(false);

  /** A fresh snapshot (first load, or after the link reopened); a newer status already held survives it. */
  replace(snapshot: BoardSnapshot): void {
    this.setItems(snapshot.items);
    this.applyStatuses(snapshot.statuses);
    this.loaded = true;
  }

  setItems(items: BoardItem[]): void {
    this.items = items;
    const hrefs = new Set(items.map((i) => i.href));
    for (const href of [...this.statuses.keys()]) if (!hrefs.has(href)) this.statuses.delete(href);
  }

  applyStatuses(statuses: readonly ItemStatus[]): void {
    for (const status of statuses) {
      if (supersedes(status, this.statuses.get(status.href))) this.statuses.set(status.href, status);
    }
  }

  item(href: string | undefined): BoardItem | undefined {
    return href === undefined ? undefined : this.items.find((i) => i.href === href);
  }
}

export const board = new BoardStore();
