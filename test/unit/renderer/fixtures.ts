import type { BoardItem, ItemStatus } from '../../../shared/domain';

/** A board item with only what a test cares about spelled out. */
export function item(name: string, extra: Partial<BoardItem> = {}): BoardItem {
  return { href: `https://127.0.0.1/api/doors/${name}`, id: name, kind: 'door', name, commands: [], commandOffers: [], group: 'Site', floors: [], ...extra };
}

export function status(of: BoardItem, flags: string[], receivedAt = 1_000): ItemStatus {
  return { href: of.href, flags, statusText: flags.join(', '), receivedAt };
}
