import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { Links } from './links';

/**
 * Controllers are linked from items (`connectedController.href`) but the interface describes no calls
 * for them (docs/server-interface.md §Item fields); the simulator answers a GET on those links with a
 * small read-only object so the links lead somewhere. Divisions have their own controller (divisions.ts).
 */
export function serveDirectory(exchange: Exchange, world: World, links: Links, rest: string[]): void {
  if (exchange.method !== 'GET' || rest.length !== 1) return exchange.error(404, 'Not found');
  const c = world.controller(rest[0]!);
  if (!c) return exchange.error(404, 'Not found');
  exchange.json(200, { href: links.controller(c.id), id: c.id, name: c.name, division: links.divisionRef(c.division) });
}
