import type { BoardItem, ItemKind } from '../../../../shared/domain';

/** The board's filters: search words, one item type, one division (by href, as the server names it). */
export interface BoardFilter {
  text: string;
  kind: ItemKind | 'all';
  division: string | 'all';
}

export interface DivisionChoice {
  href: string;
  label: string;
}

/** Whether an item matches every search word (in name, description, group or division) and both filters. */
export function matchesFilter(item: BoardItem, filter: BoardFilter): boolean {
  if (filter.kind !== 'all' && item.kind !== filter.kind) return false;
  if (filter.division !== 'all' && item.division?.href !== filter.division) return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [item.name, item.description, item.group, item.division?.name].filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The divisions the board's items belong to, for the division filter, by name. */
export function divisionChoices(items: readonly BoardItem[]): DivisionChoice[] {
  const byHref = new Map<string, string>();
  for (const { division } of items) {
    if (division && !byHref.has(division.href)) byHref.set(division.href, division.name ?? division.id ?? division.href);
  }
  return [...byHref].map(([href, label]) => ({ href, label })).sort((a, b) => a.label.localeCompare(b.label));
}
