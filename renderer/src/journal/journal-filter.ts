import type { EventFilter, EventGroups, ServerEvent } from '../../../shared/contract/alarms';

/** The journal's filters as the screen holds them; `kind` is one event group (`g:<id>`) or one type (`t:<id>`). */
export interface JournalChoice {
  kind?: string;
  itemHref?: string;
  cardholder?: { href: string; name: string };
  /** `datetime-local` values, in the desk's own time zone. */
  from?: string;
  to?: string;
}

/** A `datetime-local` value as an ISO instant the server reads unambiguously (UTC, `Z`). */
export function instant(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The contract's filter for a choice. */
export function toEventFilter(choice: JournalChoice): EventFilter {
  const filter: EventFilter = {};
  if (choice.kind?.startsWith('g:')) filter.groups = [choice.kind.slice(2)];
  if (choice.kind?.startsWith('t:')) filter.types = [choice.kind.slice(2)];
  if (choice.itemHref) filter.itemHref = choice.itemHref;
  if (choice.cardholder) filter.cardholderHref = choice.cardholder.href;
  const after = instant(choice.from);
  const before = instant(choice.to);
  if (after) filter.after = after;
  if (before) filter.before = before;
  return filter;
}

/**
 * Whether a live event belongs in the journal as filtered. Events carry names, the filter ids: the groups
 * list gives the names (a group matches its own name or any of its types', as the server ORs them).
 */
export function matchesChoice(event: ServerEvent, choice: JournalChoice, groups: EventGroups): boolean {
  if (choice.itemHref && event.source.itemHref !== choice.itemHref) return false;
  if (choice.cardholder && event.cardholder !== choice.cardholder.name) return false;
  const at = Date.parse(event.time);
  const after = instant(choice.from);
  const before = instant(choice.to);
  if (after && at < Date.parse(after)) return false;
  if (before && at >= Date.parse(before)) return false;
  if (choice.kind) {
    const id = choice.kind.slice(2);
    if (choice.kind.startsWith('g:')) {
      const group = groups.find((g) => g.id === id);
      if (!group) return false;
      return event.group === group.name || group.types.some((t) => t.name === event.type);
    }
    const type = groups.flatMap((g) => g.types).find((t) => t.id === id);
    return type !== undefined && type.name === event.type;
  }
  return true;
}
