import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { Links } from './links';

/**
 * Divisions and controllers are linked from items (`division.href`, `connectedController.href`)
 * but the interface describes no calls for them (docs/server-interface.md §Item fields); the simulator answers a GET on those links with a
 * small read-only object so the links lead somewhere.
 */
export function serveDirectory(exchange: Exchange, world: World, links: Links, kind: string, rest: string[]): void {
  if (exchange.method !== 'GET' || rest.length !== 1) return exchange.error(404, 'Not found');
  const id = rest[0]!;
  if (kind === 'divisions') {
    const d = world.divisions.get(id);
    if (!d) return exchange.error(404, 'Not found');
    return exchange.json(200, {
      href: links.division(d.id),
      id: d.id,
      name: d.name,
      ...(d.description ? { description: d.description } : {}),
      ...(d.parent ? { parent: { href: links.division(d.parent) } } : {}),
    });
  }
  const c = world.site.controllers.find((x) => x.id === id);
  if (!c) return exchange.error(404, 'Not found');
  exchange.json(200, { href: links.controller(c.id), id: c.id, name: c.name, division: { href: links.division(c.division) } });
}
