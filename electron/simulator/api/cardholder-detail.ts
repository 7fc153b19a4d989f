import { createHash } from 'node:crypto';
import type { Operator } from '../auth/operator';
import type { StoredCardholder } from '../cardholders/card-store';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { Links } from './links';

/** Query parameter of a cardholder's `updates` link: a digest of the detail the client was last sent. */
const CURSOR = 'after';
const EDIT = ['Edit Cardholders', 'Modify Cardholders'];
const MOVE = ['Manage Cardholder Location'];

/**
 * What a cardholder's detail carries beside its names, division and cards (cc_rest.yaml:
 * CardholderDetail): the summary's shortName, description and authorised ("a subset of what you get
 * from a cardholder's detail page"), and its links: `updates`, a block "as other items do, that allows
 * monitoring one cardholder" in a long poll (8.00, when the detail gained `fields`, which names it);
 * `edit`, the internal call that says what the operator may edit (every version); `updateLocation`,
 * where to POST a move ("Added in 8.20").
 */
export function cardholderDetailFields(holder: StoredCardholder, world: World, links: Links): Record<string, unknown> {
  const own = links.cardholder(holder.id);
  return {
    ...(holder.shortName !== undefined ? { shortName: holder.shortName } : {}),
    ...(holder.description !== undefined ? { description: holder.description } : {}),
    authorised: holder.authorised,
    edit: { href: `${own}/edit` },
    ...(world.version.atLeast('8.20') ? { updateLocation: { href: `${own}/update_location` } } : {}),
    updates: { href: `${own}/updates` },
  };
}

export interface CardholderLinkContext {
  world: World;
  links: Links;
  operator: Operator;
  /** The cardholder's detail as a GET without `fields` gives it. */
  detail: () => Record<string, unknown>;
  /** Longest an updates call waits without a change. */
  holdMs: number;
}

/** Serves `/api/cardholders/{id}/<link>` for the links above; false when `link` is none of them. */
export async function serveCardholderLink(exchange: Exchange, holder: StoredCardholder, link: string, ctx: CardholderLinkContext): Promise<boolean> {
  const m = exchange.method;
  if (link === 'updates' && m === 'GET') await serveUpdates(exchange, holder, ctx);
  else if (link === 'edit' && m === 'GET') serveEdit(exchange, holder, ctx.operator);
  else if (link === 'update_location' && m === 'POST' && ctx.world.version.atLeast('8.20')) await serveMove(exchange, holder, ctx);
  else return false;
  return true;
}

/**
 * The cardholder's long poll: at once when the detail differs from what `after` digests (or with no
 * `after`), else when it changes or the hold ends (`updates` then empty). Each answer's `next` carries
 * the digest of what it sent, as the items' updates do.
 */
async function serveUpdates(exchange: Exchange, holder: StoredCardholder, ctx: CardholderLinkContext): Promise<void> {
  const previous = exchange.url.searchParams.get(CURSOR);
  const reply = (updates: Record<string, unknown>, cursor: string) =>
    exchange.json(200, { updates, next: { href: `${ctx.links.cardholder(holder.id)}/updates?${CURSOR}=${cursor}` } });
  const now = digest(ctx.detail());
  if (previous === null || now !== previous) return reply(ctx.detail(), now);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ctx.holdMs);
    const stop = ctx.world.events.onAdded((e) => {
      if (e.type === 'cardholder' && e.cardholderId === holder.id && digest(ctx.detail()) !== previous) finish();
    });
    exchange.onAbort(finish);
    function finish() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
  if (exchange.done) return;
  const latest = digest(ctx.detail());
  reply(latest === previous ? {} : ctx.detail(), latest);
}

/** What the operator may change on this cardholder; the vendor's answer is "tuned to" its own clients, so the simulator gives the gist. */
function serveEdit(exchange: Exchange, holder: StoredCardholder, operator: Operator): void {
  if (!operator.can(EDIT, holder.division)) return exchange.error(403, 'You do not have privileges for the operation');
  exchange.json(200, { cards: true, firstName: true, lastName: true, division: true });
}

/**
 * A move (cc_rest.yaml: /api/cardholders/{id}/update_location): `accessZone.href` from the
 * access-zone search or the items controller; 'Manage Cardholder Location' in the zone's division.
 * The move is logged as a cardholder event; where the cardholder now is comes with the reception
 * work (docs/server-endpoints.md §Cardholders). Historical moves (`time`, 9.40) need a customisation
 * licence the simulator never holds.
 */
async function serveMove(exchange: Exchange, holder: StoredCardholder, ctx: CardholderLinkContext): Promise<void> {
  let body: { accessZone?: { href?: unknown }; time?: unknown };
  try {
    body = JSON.parse(await exchange.bodyText()) as typeof body;
  } catch {
    return exchange.error(400, 'The request body is not valid JSON');
  }
  if (body?.time !== undefined) return exchange.error(403, 'Historical movements need the Regulated Zones licence');
  const href = body?.accessZone?.href;
  const id = typeof href === 'string' ? lastSegment(href, ctx.links) : undefined;
  const zone = id ? ctx.world.accessZone(id) : undefined;
  if (!zone) return exchange.error(400, 'accessZone.href must be the href of an access zone');
  if (!ctx.operator.can(MOVE, zone.def.division)) {
    return exchange.error(403, "The operator lacks the 'Manage Cardholder Location' privilege for that access zone");
  }
  ctx.world.events.add({ type: 'cardholder', action: `moved to ${zone.def.name}`, cardholderId: holder.id, operator: ctx.operator.cardholderId });
  exchange.empty(204);
}

/** The id an access-zone href (its own, or the items controller's) names. */
function lastSegment(href: string, links: Links): string | undefined {
  for (const prefix of [links.href('/api/access_zones/'), links.href('/api/items/')]) {
    if (href.startsWith(prefix)) return decodeURIComponent(href.slice(prefix.length));
  }
  return undefined;
}

function digest(detail: Record<string, unknown>): string {
  return createHash('sha1').update(JSON.stringify(detail)).digest('hex').slice(0, 16);
}
