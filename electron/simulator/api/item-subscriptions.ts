import { z } from 'zod';
import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { LiveItem } from '../model/live-item';
import { statusLineOf, statusTextOf } from '../model/status-text';
import type { Subscription, SubscriptionRegistry } from '../model/subscriptions';
import type { World } from '../model/world';
import { canView } from './access-rules';
import type { Links } from './links';

/** The most items one subscription may hold: what the vendor tests at. More is refused with 400. */
export const MAX_SUBSCRIBED_ITEMS = 1000;
/** Servers answer an unchanged subscription after about 50 s; the simulator never waits longer than its updates timeout. */
const SUBSCRIPTION_WAIT_MS = 50_000;
const BOOKMARK = 'bookmark';

/** The POST body: `{"itemIds": ["<id>", …]}`, ids as strings. */
const SubscribeBody = z.object({
  itemIds: z.array(z.string().min(1)).min(1, 'itemIds lists no items').max(MAX_SUBSCRIBED_ITEMS, `itemIds lists more than ${MAX_SUBSCRIBED_ITEMS} items`),
});

export interface SubscriptionContext {
  world: World;
  links: Links;
  subscriptions: SubscriptionRegistry;
  updatesTimeoutMs: number;
}

/**
 * The multi-item updates subscription (8.30; the spec leaves it out, the vendor documents it):
 * `POST /api/items/updates` subscribes and answers every item's state; `GET next.href` long-polls
 * for the items whose state changed. `rest` is the path after `/api/items`.
 */
export async function serveItemSubscriptions(
  exchange: Exchange,
  ctx: SubscriptionContext,
  operator: Operator,
  rest: string[],
): Promise<void> {
  const { world } = ctx;
  if (world.version.before('8.30') || rest[0] !== 'updates' || rest.length > 2) return exchange.error(404, 'Not found');
  if (rest.length === 1) {
    if (exchange.method !== 'POST') return exchange.error(405, 'Method not allowed');
    return subscribe(exchange, ctx, operator);
  }
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  return poll(exchange, ctx, operator, rest[1]!);
}

async function subscribe(exchange: Exchange, ctx: SubscriptionContext, operator: Operator): Promise<void> {
  const { world } = ctx;
  if (!world.hasLicence('RESTStatus')) return exchange.error(403, 'The site is not licensed for RESTStatus');
  let body: unknown;
  try {
    body = JSON.parse(await exchange.bodyText());
  } catch (err) {
    return exchange.error(400, `The request body is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = SubscribeBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return exchange.error(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }

  const items: LiveItem[] = [];
  const seen = new Set<string>();
  for (const id of parsed.data.itemIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    const item = subscribable(world, id);
    // An id the operator cannot view and an id of no status item are refused alike, so the answer
    // does not tell which items exist. Before 9.30 servers answered 401 here; from 9.30, 403.
    if (!item || !canView(operator, item.collection, item.def.division)) {
      return exchange.error(world.version.before('9.30') ? 401 : 403, `The operator lacks the privilege to view item ${id}`);
    }
    items.push(item);
  }

  const sub = ctx.subscriptions.create(operator.clientId, items);
  for (const item of items) item.refreshWatch();
  answer(exchange, ctx, sub, items);
  // Servers before 9.50 repeat the whole list in the first GET after the POST; so does the simulator.
  sub.repeatAll = true;
}

async function poll(exchange: Exchange, ctx: SubscriptionContext, operator: Operator, id: string): Promise<void> {
  const { world, subscriptions } = ctx;
  const sub = subscriptions.find(id);
  const bookmark = Number(exchange.url.searchParams.get(BOOKMARK));
  if (!sub || sub.clientId !== operator.clientId || !sub.knows(bookmark)) {
    return exchange.error(404, 'No such subscription: subscribe again');
  }
  for (const item of sub.items) item.refreshWatch();
  let changed = sub.changedSince(bookmark);
  if (changed.length > 0) return answer(exchange, ctx, sub, changed);

  const deadline = Date.now() + Math.min(ctx.updatesTimeoutMs, SUBSCRIPTION_WAIT_MS);
  let waiting: ReturnType<Subscription['wait']> | undefined;
  exchange.onAbort(() => waiting?.cancel());
  sub.held++;
  for (const item of sub.items) item.activePolls++;
  try {
    for (;;) {
      waiting = sub.wait(deadline - Date.now());
      const why = await waiting.done;
      if (exchange.done || why === 'gone') return;
      if (why === 'dropped') return exchange.error(404, 'No such subscription: subscribe again');
      changed = sub.changedSince(bookmark);
      // A change that leaves the state as it was (a change and its undoing) is not an update: wait on.
      if (changed.length > 0 || why !== 'changed') return answer(exchange, ctx, sub, changed);
    }
  } finally {
    sub.held--;
    sub.lastAnsweredAt = Math.max(sub.lastAnsweredAt, world.clock.now());
    for (const item of sub.items) {
      item.activePolls--;
      item.endPoll();
    }
  }
}

/** A status item of a type the subscription covers, as this server version knows it. */
function subscribable(world: World, id: string): LiveItem | undefined {
  const item = world.itemById(id);
  if (item?.collection === 'inputs' && world.version.before('8.10')) return undefined;
  return item;
}

function answer(exchange: Exchange, ctx: SubscriptionContext, sub: Subscription, items: readonly LiveItem[]): void {
  const updates = items.map((item) => {
    const flags = item.updateFlags();
    const text = statusTextOf(flags, item.statusWords());
    return { id: item.id, status: statusLineOf(text), statusText: text, statusFlags: flags };
  });
  const bookmark = sub.record(ctx.world.clock.now());
  sub.repeatAll = false;
  const href = ctx.links.href(`/api/items/updates/${sub.id}?${BOOKMARK}=${bookmark}`);
  exchange.json(200, { updates, next: { href } });
}
