import type { Site } from './schema';

/**
 * Every id the visitor management block, photos and start-up locations refer to must exist, and a
 * visit must be possible as the server would allow it (its host in a host access group of its type).
 */
export function checkVisitorReferences(site: Site, fail: (what: string) => void): void {
  const vm = site.visitorManagement;
  const divisions = new Set(site.divisions.map((d) => d.id));
  const cardholders = new Set(site.cardholders.map((c) => c.id));
  const zones = new Set(site.accessZones.map((z) => z.id));
  const groups = new Map(vm.accessGroups.map((g) => [g.id, g]));
  const types = new Map(vm.visitorTypes.map((t) => [t.accessGroup, t]));
  const receptions = new Set(vm.receptions.map((r) => r.id));
  const need = (pool: Set<string> | Map<string, unknown>, kind: string, owner: string, id: string) => {
    if (!pool.has(id)) fail(`${owner} refers to unknown ${kind} ${id}`);
  };
  for (const g of vm.accessGroups) {
    need(divisions, 'division', g.id, g.division);
    for (const m of g.members) need(cardholders, 'cardholder', g.id, m);
  }
  for (const t of vm.visitorTypes) {
    need(groups, 'access group', `visitor type ${t.accessGroup}`, t.accessGroup);
    need(divisions, 'division', `visitor type ${t.accessGroup}`, t.division);
    for (const g of [...t.hostAccessGroups, ...t.visitorAccessGroups]) need(groups, 'access group', `visitor type ${t.accessGroup}`, g);
  }
  for (const r of vm.receptions) {
    need(divisions, 'division', r.id, r.division);
    if (r.defaultVisitorType !== undefined) need(types, 'visitor type', r.id, r.defaultVisitorType);
  }
  for (const v of vm.visits) {
    need(receptions, 'reception', v.id, v.reception);
    need(types, 'visitor type', v.id, v.visitorType);
    need(cardholders, 'cardholder', v.id, v.host);
    for (const x of v.visitors) need(cardholders, 'cardholder', v.id, x.cardholder);
    const type = types.get(v.visitorType);
    if (type && !type.hostAccessGroups.some((g) => groups.get(g)?.members.includes(v.host))) {
      fail(`visit ${v.id}: host ${v.host} is in none of visitor type ${v.visitorType}'s host access groups`);
    }
    for (const g of v.visitorAccessGroups) {
      if (type && !type.visitorAccessGroups.includes(g)) fail(`visit ${v.id}: ${g} is not one of its visitor type's visitor access groups`);
    }
  }
  for (const id of Object.keys(site.proximityCards?.cards ?? {})) need(cardholders, 'cardholder', 'proximityCards.cards', id);
  if (site.cardholderPhotos !== 'all') for (const id of site.cardholderPhotos) need(cardholders, 'cardholder', 'cardholderPhotos', id);
  for (const [holder, zone] of Object.entries(site.cardholderLocations)) {
    need(cardholders, 'cardholder', 'cardholderLocations', holder);
    need(zones, 'access zone', `cardholderLocations.${holder}`, zone);
  }
}
