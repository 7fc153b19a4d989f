import type { BoardItem } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../../../electron/core/api/discovery';
import { withQuery } from '../../../electron/core/api/links';
import type { Transport } from '../../../electron/core/api/transport';
import type { JournalSite } from '../../../electron/core/server-events/journal-site';
import type { z } from 'zod';

export const ORIGIN = 'https://acs.test:8904';
export const discovery: Discovery = {
  version: '9.40',
  links: new Map([
    ['events.events', `${ORIGIN}/api/events`],
    ['events.updates', `${ORIGIN}/api/events/updates`],
    ['events.eventGroups', `${ORIGIN}/api/events/groups`],
  ]),
};

export function boardItem(id: string, name: string, kind: BoardItem['kind'] = 'door'): BoardItem {
  return { href: `${ORIGIN}/api/${kind === 'door' ? 'doors' : 'inputs'}/${id}`, id, kind, name, commands: [], commandOffers: [], group: 'Level 1', floors: [] };
}

/** A site whose every GET is answered by `answer` (by URL, with the query the client added); each URL asked is kept. */
export function fakeSite(answer: (url: URL) => unknown, items: BoardItem[] = []) {
  const asked: URL[] = [];
  let connected = true;
  const transport = {
    getJson: async <T extends z.ZodType>(href: string, schema: T, _what: string, options: { query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {}) => {
      const url = new URL(withQuery(href, options.query ?? {}));
      asked.push(url);
      const body = await answer(url);
      if (body instanceof Error) throw body;
      return schema.parse(body) as z.infer<T>;
    },
  } as unknown as Transport;
  const site: JournalSite = {
    read: async (reader) => {
      if (!connected) throw new DeskError('offline', 'Not connected to the server');
      return reader(transport, discovery);
    },
    items: () => items,
  };
  return { site, asked, setConnected: (on: boolean) => (connected = on) };
}

export function event(id: string, extra: Record<string, unknown> = {}) {
  return {
    href: `${ORIGIN}/api/events/${id}`,
    id,
    time: `2026-11-27T10:00:${id.padStart(2, '0').slice(-2)}Z`,
    message: `Event ${id}`,
    priority: 1,
    type: { id: '20001', name: 'Card access granted' },
    group: { id: '101', name: 'Card Event' },
    source: { id: '501', name: 'Front door', href: `${ORIGIN}/api/doors/501` },
    ...extra,
  };
}
