import type { BoardItem } from '../../../../shared/domain';

export const SITE_GROUP = 'Site';

export interface ItemGroup {
  name: string;
  items: BoardItem[];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Items grouped by `item.group`: floors in natural order ("Floor 2" before "Floor 10") and the
 * catch-all Site group last; items by name within a group.
 */
export function groupItems(items: readonly BoardItem[]): ItemGroup[] {
  const byName = new Map<string, BoardItem[]>();
  for (const item of items) {
    const name = item.group.trim() || SITE_GROUP;
    let list = byName.get(name);
    if (!list) byName.set(name, (list = []));
    list.push(item);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a === SITE_GROUP ? 1 : b === SITE_GROUP ? -1 : collator.compare(a, b)))
    .map(([name, list]) => ({ name, items: list.sort((a, b) => collator.compare(a.name, b.name) || a.href.localeCompare(b.href)) }));
}
