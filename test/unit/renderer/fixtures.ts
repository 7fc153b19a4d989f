import type { BoardItem, ItemLiveness, ItemStatus } from '../../../shared/domain';

/** A board item with only what a test cares about spelled out. */
export function item(name: string, extra: Partial<BoardItem> = {}): BoardItem {
  return { href: `https://127.0.0.1/api/doors/${name}`, id: name, kind: 'door', name, commands: [], commandOffers: [], group: 'Site', floors: [], ...extra };
}

export function status(of: BoardItem, flags: string[], receivedAt = 1_000): ItemStatus {
  return { href: of.href, flags, statusText: flags.join(', '), receivedAt };
}

/** What the views read an item's state from: these statuses, these stale items, the desk live or not. */
export function source(statuses: ItemStatus[], stale: ItemLiveness[] = [], live = true) {
  const byHref = new Map(statuses.map((s) => [s.href, s]));
  const staleByHref = new Map(stale.map((s) => [s.href, s]));
  return { status: (h: string) => byHref.get(h), staleness: (h: string) => staleByHref.get(h), live };
}
