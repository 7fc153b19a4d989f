import { createHash } from 'node:crypto';
import type { Exchange } from '../http/exchange';
import type { LiveItem } from '../model/live-item';
import { statusLineOf, statusTextOf } from '../model/status-text';
import type { World } from '../model/world';
import { parseFields, type FieldRequest } from './fields';
import type { Links } from './links';

/** Query parameter carrying a digest of what the previous answer sent. */
const CURSOR = 'after';

/**
 * The updates long-poll (Updates protocol). The `next` link carries a digest of the state the
 * client was last sent, so the server keeps only the latest state: a call returns at once if what
 * it would send differs from that digest, otherwise it waits for a change or the timeout.
 */
export async function serveUpdates(
  exchange: Exchange,
  item: LiveItem,
  world: World,
  links: Links,
  timeoutMs: number,
): Promise<void> {
  const q = exchange.url.searchParams;
  const fields = parseFields(q.get('fields'));
  const previous = q.get(CURSOR);
  item.refreshWatch();

  let payload = updatePayload(item, world, fields);
  if (previous === null || digest(payload) !== previous) {
    reply(exchange, item, links, payload, digest(payload));
    return;
  }

  const abort = new AbortController();
  exchange.onAbort(() => abort.abort());
  const deadline = Date.now() + timeoutMs;
  item.activePolls++;
  try {
    for (;;) {
      const outcome = await item.feed.wait(deadline - Date.now(), abort.signal);
      if (exchange.done) return;
      payload = updatePayload(item, world, fields);
      const now = digest(payload);
      if (now !== previous) return reply(exchange, item, links, payload, now);
      if (outcome !== 'changed') return reply(exchange, item, links, {}, previous);
      // A change that does not touch the requested fields is not an update: keep waiting.
    }
  } finally {
    item.activePolls--;
    item.endPoll();
  }
}

/** Status fields every type has on updates, and the type's extra values. */
function updatePayload(item: LiveItem, world: World, fields: FieldRequest | undefined): Record<string, unknown> {
  const flags = item.updateFlags();
  const text = statusTextOf(flags, item.statusWords());
  // While the server is still asking the hardware it has no zone count or voltage to send either.
  const fetching = flags.length === 1 && flags[0] === 'controllerUnknown';
  const all: Record<string, unknown> = {
    status: statusLineOf(text),
    statusText: text,
    statusFlags: flags,
    ...(fetching ? {} : item.updateExtras()),
  };
  const statusOnly = item.collection === 'interlock_groups' ? ['statusFlags'] : ['status', 'statusText', 'statusFlags'];
  // zoneCount and voltage are in default updates from 8.10; in 8.00 only when asked for.
  const defaults = world.version.atLeast('8.10') ? [...statusOnly, ...Object.keys(item.updateExtras())] : statusOnly;
  const wanted = fields ? [...fields.names, ...(fields.defaults ? defaults : [])] : defaults;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(all)) {
    if (!wanted.includes(key)) continue;
    const value = all[key];
    // Before 8.70, fields whose new value is empty are left out of updates.
    if (world.version.before('8.70') && isEmpty(value)) continue;
    out[key] = value;
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

function digest(payload: Record<string, unknown>): string {
  return createHash('sha1').update(JSON.stringify(payload)).digest('hex').slice(0, 16);
}

function reply(
  exchange: Exchange,
  item: LiveItem,
  links: Links,
  updates: Record<string, unknown>,
  cursor: string,
): void {
  const next = new URLSearchParams();
  next.set(CURSOR, cursor);
  const asked = exchange.url.searchParams.get('fields');
  if (asked !== null) next.set('fields', asked);
  exchange.json(200, { updates, next: { href: `${links.updates(item.collection, item.id)}?${next.toString()}` } });
}
