import type { EventItem } from '../events/journal';
import type { Links } from './links';

/**
 * An item an event or alarm names, as the vendor's `{id, name, href}` block (href where the server
 * serves the item). The server item (the source of the alarm a bad API key raises, cc_rest.yaml:
 * operators and privileges) has no controller of its own, so it is linked through the items
 * controller, as the vendor's event example links a workstation (`/api/items/{id}`).
 */
export function itemBlock(item: EventItem, links: Links): Record<string, string> {
  const href = item.collection
    ? links.item(item.collection, item.id)
    : item.controller
      ? links.controller(item.id)
      : item.server
        ? links.href(`/api/items/${encodeURIComponent(item.id)}`)
        : undefined;
  return { id: item.id, name: item.name, ...(href ? { href } : {}) };
}

/** A cardholder block (cc_rest.yaml: EventSummary.cardholder, AlarmDetail.cardholder). */
export function cardholderBlock(item: EventItem, links: Links): Record<string, string> {
  return { href: links.cardholder(item.id), id: item.id, name: item.name };
}

/** Times as the vendor writes them: ISO 8601 in UTC, to the second. */
export function isoTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
