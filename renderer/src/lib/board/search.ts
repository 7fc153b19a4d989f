import type { BoardItem, ItemKind } from '../../../../shared/domain';

export interface BoardFilter {
  text: string;
  kind: ItemKind | 'all';
}

/** Whether an item matches the search box (every word, in name, description, group or division) and the type filter. */
export function matchesFilter(item: BoardItem, filter: BoardFilter): boolean {
  if (filter.kind !== 'all' && item.kind !== filter.kind) return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [item.name, item.description, item.group, item.division?.name].filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}
