import type { PinLike, PlacedItem } from './floor-items';

/**
 * The order pins are drawn, stacked and named in. A plan of hundreds of pins must not be laid out
 * again on every status: the DOM keeps one order (reading order, so Tab moves across the plan as an eye
 * does), and only the attention order, which changes when an item starts or stops needing action,
 * decides which pins are on top and which keep their names.
 */

/** Top to bottom, then left to right: the tab order across the plan. */
export function readingOrder<P extends PinLike>(placed: readonly PlacedItem<P>[]): PlacedItem<P>[] {
  return [...placed].sort((a, b) => a.pin.y - b.pin.y || a.pin.x - b.pin.x);
}

/**
 * The attention order as one string, worst first: a derived value compared by ===, so what is computed
 * from it runs only when the order itself changes, not whenever one of its items sends a status.
 */
export function orderKey(hrefs: readonly string[]): string {
  return hrefs.join('\n');
}

/** Each ranked href's place in the attention order (0 is the worst). */
export function ranks(key: string): ReadonlyMap<string, number> {
  return new Map(key === '' ? [] : key.split('\n').map((href, i) => [href, i]));
}

/** The hrefs a key holds, as a set (the pins that pulse). */
export function hrefSet(key: string): ReadonlySet<string> {
  return new Set(key === '' ? [] : key.split('\n'));
}

/** Pins needing attention first, worst first; the calm ones after them, in the order given. */
export function worstFirst<T extends { item: { href: string } }>(pins: readonly T[], rank: ReadonlyMap<string, number>): T[] {
  const ranked = pins.filter((p) => rank.has(p.item.href)).sort((a, b) => rank.get(a.item.href)! - rank.get(b.item.href)!);
  return [...ranked, ...pins.filter((p) => !rank.has(p.item.href))];
}

/** Stacking: a pin needing attention above every calm pin, the worst on top; calm pins by DOM order. */
export function layerOf(href: string, rank: ReadonlyMap<string, number>): number {
  const at = rank.get(href);
  return at === undefined ? 0 : rank.size - at;
}
