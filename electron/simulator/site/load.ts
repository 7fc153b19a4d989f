import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import demoSite from '../../../resources/demo-site.json';
import { SiteDefinition, type Site } from './schema';
import { checkVisitorReferences } from './visitor-references';

export const DEMO_SITE_PATH = fileURLToPath(new URL('../../../resources/demo-site.json', import.meta.url));

/**
 * Reads and checks a site given as an object or a JSON file path; errors name the file and the
 * field. The demo site is imported rather than read, so it travels with bundled builds.
 */
export function loadSite(site: SiteDefinition | string | undefined): Site {
  const source = site ?? (demoSite as unknown as SiteDefinition);
  let raw: unknown = source;
  const where = typeof source === 'string' ? source : 'the site definition';
  if (typeof source === 'string') {
    let text: string;
    try {
      text = readFileSync(source, 'utf8');
    } catch (err) {
      throw new Error(`Cannot read site file ${source}: ${(err as Error).message}`, { cause: err });
    }
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new Error(`Site file ${source} is not valid JSON: ${(err as Error).message}`, { cause: err });
    }
  }
  const parsed = SiteDefinition.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${where}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  checkReferences(parsed.data, where);
  return parsed.data;
}

/** Every id a site refers to must exist, and the divisions must form one tree. */
function checkReferences(site: Site, where: string): void {
  const divisions = new Set(site.divisions.map((d) => d.id));
  const roots = site.divisions.filter((d) => !d.parent);
  if (roots.length !== 1) throw new Error(`${where}: divisions must have exactly one root (found ${roots.length})`);
  const fail = (what: string) => {
    throw new Error(`${where}: ${what}`);
  };
  for (const d of site.divisions) {
    if (d.parent && !divisions.has(d.parent)) fail(`division ${d.id} has unknown parent ${d.parent}`);
  }
  const parents = new Map(site.divisions.map((d) => [d.id, d.parent]));
  for (const d of site.divisions) {
    const seen = new Set<string>();
    for (let at: string | undefined = d.id; at; at = parents.get(at)) {
      if (seen.has(at)) fail(`division ${d.id} is part of a cycle`);
      seen.add(at);
    }
  }
  const cardholders = new Set(site.cardholders.map((c) => c.id));
  const controllers = new Set(site.controllers.map((c) => c.id));
  const zones = new Set(site.accessZones.map((z) => z.id));
  const ref = (kind: string, owner: string, id: string | undefined, pool: Set<string>) => {
    if (id !== undefined && !pool.has(id)) fail(`${owner} refers to unknown ${kind} ${id}`);
  };
  const items = [
    ...site.accessZones, ...site.alarmZones, ...site.doors, ...site.fenceZones, ...site.inputs,
    ...site.interlockGroups, ...site.outputs, ...site.macros, ...site.elevatorGroups, ...site.cardholders, ...site.controllers,
  ];
  for (const item of items) ref('division', item.id, item.division, divisions);
  for (const item of [...site.accessZones, ...site.alarmZones, ...site.doors, ...site.fenceZones, ...site.inputs, ...site.interlockGroups, ...site.outputs]) {
    ref('controller', item.id, item.controller, controllers);
  }
  for (const door of site.doors) {
    ref('access zone', door.id, door.entryAccessZone, zones);
    ref('access zone', door.id, door.exitAccessZone, zones);
  }
  for (const group of site.elevatorGroups) {
    for (const floor of group.floors) {
      ref('access zone', group.id, floor.frontAccessZone, zones);
      ref('access zone', group.id, floor.rearAccessZone, zones);
    }
  }
  for (const client of site.restClients) ref('cardholder', client.id, client.cardholder, cardholders);
  for (const group of site.operatorGroups) {
    for (const m of group.members) ref('cardholder', group.id, m, cardholders);
    for (const d of group.divisions) ref('division', group.id, d, divisions);
  }
  checkVisitorReferences(site, fail);
  const fences = new Set(site.fenceZones.map((f) => f.id));
  for (const zone of site.alarmZones) ref('fence zone', zone.id, zone.fenceZone, fences);
  for (const [kind, list] of Object.entries(site)) {
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    for (const entry of list as { id?: string }[]) {
      if (typeof entry !== 'object' || !entry.id) continue;
      if (seen.has(entry.id)) fail(`${kind} has two entries with id ${entry.id}`);
      seen.add(entry.id);
    }
  }
  // The multi-item updates subscription names items by id alone, as servers do: ids of status
  // items are unique across their types.
  const statusItems = new Map<string, string>();
  const kinds = ['accessZones', 'alarmZones', 'doors', 'fenceZones', 'inputs', 'interlockGroups', 'macros', 'outputs'] as const;
  for (const kind of kinds) {
    for (const item of site[kind]) {
      const other = statusItems.get(item.id);
      if (other && other !== kind) fail(`${kind} and ${other} both have an item with id ${item.id}; item ids are unique across types`);
      statusItems.set(item.id, kind);
    }
  }
}
