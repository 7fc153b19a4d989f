import type { ServerEvent } from '../../../shared/contract/alarms';
import type { BoardItem } from '../../../shared/domain';
import type { EventSummary } from '../api/server-events';

/** Finds a board item by the href or id an event names. */
export interface ItemFinder {
  byHref(href: string): BoardItem | undefined;
  byId(id: string): BoardItem | undefined;
}

/** One finder per board list: a journal batch comes many times a second and the list changes only with the catalogue. */
const finders = new WeakMap<readonly BoardItem[], ItemFinder>();

export function itemFinder(items: readonly BoardItem[]): ItemFinder {
  let finder = finders.get(items);
  if (!finder) finders.set(items, (finder = buildFinder(items)));
  return finder;
}

function buildFinder(items: readonly BoardItem[]): ItemFinder {
  const hrefs = new Map(items.map((item) => [item.href, item]));
  let ids: Map<string, BoardItem | null> | undefined;
  return {
    byHref: (href) => hrefs.get(href),
    byId: (id) => {
      if (!ids) {
        // An id two board items share (ids are unique per kind on some servers) names neither.
        ids = new Map();
        for (const item of items) ids.set(item.id, ids.has(item.id) ? null : item);
      }
      return ids.get(id) ?? undefined;
    },
  };
}

/** One server event as the journal shows it; its source is linked to the board item when the board holds it. */
export function toServerEvent(event: EventSummary, items: ItemFinder): ServerEvent {
  const source = event.source;
  const item = (source?.href && items.byHref(source.href)) || (source?.id ? items.byId(source.id) : undefined);
  return {
    id: event.id,
    time: event.time,
    message: event.message,
    priority: event.priority,
    type: event.type?.name ?? event.eventType?.name ?? '',
    ...(event.group?.name ? { group: event.group.name } : {}),
    source: { name: source?.name ?? item?.name ?? '', ...(item ? { itemHref: item.href } : {}) },
    ...(event.cardholder?.name ? { cardholder: event.cardholder.name } : {}),
    ...(event.operator?.name ? { operator: event.operator.name } : {}),
    ...(event.alarm ? { alarmState: event.alarm.state } : {}),
  };
}
