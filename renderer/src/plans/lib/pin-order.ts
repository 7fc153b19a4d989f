import { ATTENTION_ORDER, type AttentionConcern } from '../../../../shared/status';
import type { PinLike, PlacedItem } from './floor-items';

/**
 * The order pins are drawn and stacked in. A plan of hundreds of pins must not be laid out or restacked
 * on every status: the DOM keeps one order (reading order, so Tab moves across the plan as an eye does),
 * and only each pin's own concern tier (forced above offline above calm, ATTENTION_ORDER) decides which
 * pins are on top. The attention strip's finer order (newest first within a concern) moves with every
 * status a pin needing attention sends; stacking by it restacked hundreds of pins several times a
 * second, which is what made a crowded plan slow to show a change.
 */

/** Top to bottom, then left to right: the tab order across the plan. */
export function readingOrder<P extends PinLike>(placed: readonly PlacedItem<P>[]): PlacedItem<P>[] {
  return [...placed].sort((a, b) => a.pin.y - b.pin.y || a.pin.x - b.pin.x);
}

/**
 * Which pins need attention and at which tier, as one string: a derived value compared by ===, so what
 * is computed from it runs only when a pin's tier changes, not when the strip's order moves.
 */
export function tierKey(entries: readonly { item: { href: string }; concern: AttentionConcern }[]): string {
  return entries
    .map((e) => `${e.item.href}\t${ATTENTION_ORDER.indexOf(e.concern)}`)
    .sort()
    .join('\n');
}

/** Each href of a tier key with its tier (0: the worst concern). */
export function tiers(key: string): ReadonlyMap<string, number> {
  return new Map(
    key === ''
      ? []
      : key.split('\n').map((line) => {
          const [href, tier] = line.split('\t');
          return [href!, Number(tier)];
        }),
  );
}

/** A set of hrefs as one string, in a fixed order (the pins that pulse). */
export function hrefKey(hrefs: readonly string[]): string {
  return [...hrefs].sort().join('\n');
}

/** The hrefs a key holds, as a set. */
export function hrefSet(key: string): ReadonlySet<string> {
  return new Set(key === '' ? [] : key.split('\n'));
}

/** Stacking: a pin needing attention above every calm pin, the worse tier higher; equals by DOM order. */
export function layerOf(href: string, tier: ReadonlyMap<string, number>): number {
  const at = tier.get(href);
  return at === undefined ? 0 : ATTENTION_ORDER.length - at;
}
