/** The long-polls a client can hold open, by what they watch; `other` is everything that answers at once. */
export type HeldKind = 'subscriptions' | 'items' | 'alarms' | 'events' | 'other';

export type HeldRequests = Record<HeldKind, number>;

/** What kind of long-poll a REST path is: a subscription's GET, an item's own `next`, the alarm or event updates. */
export function heldKindOf(method: string, url: URL): HeldKind {
  if (method !== 'GET') return 'other';
  const path = url.pathname;
  if (path.startsWith('/api/items/updates/')) return 'subscriptions';
  if (path === '/api/alarms/updates') return 'alarms';
  if (path === '/api/events/updates') return 'events';
  // An item's first updates call answers at once; its `next` (with a cursor) is what is held.
  if (/^\/api\/[a-z_]+\/[^/]+\/updates$/.test(path) && url.search.length > 1 && /[?&]after=/.test(url.search)) return 'items';
  return 'other';
}

/**
 * Requests open now, by kind. A desk at rest holds one request per long-poll chain it keeps, so this
 * count is its idle load without timing anything: each held request is renewed once per server wait.
 */
export class HeldRequestCounter {
  private readonly open: HeldRequests = { subscriptions: 0, items: 0, alarms: 0, events: 0, other: 0 };

  async around<T>(method: string, url: URL, handle: () => Promise<T>): Promise<T> {
    const kind = heldKindOf(method, url);
    this.open[kind]++;
    try {
      return await handle();
    } finally {
      this.open[kind]--;
    }
  }

  now(): HeldRequests {
    return { ...this.open };
  }
}
