import type { DivisionChoice } from '../../../shared/contract/enrolment';
import type { BoardItem } from '../../../shared/domain';

/**
 * The divisions of the site's items the desk has loaded, named as the server named them or by their id:
 * the division choices where the server links no division list (before 9.30), or while offline.
 */
export function divisionsOf(items: readonly BoardItem[]): DivisionChoice[] {
  const byHref = new Map<string, DivisionChoice>();
  for (const item of items) {
    const d = item.division;
    if (!d || byHref.has(d.href)) continue;
    const id = d.id ?? decodeURIComponent(d.href.split('/').filter(Boolean).at(-1) ?? d.href);
    byHref.set(d.href, { href: d.href, name: d.name ?? id });
  }
  return [...byHref.values()].sort((a, b) => a.name.localeCompare(b.name));
}
