import type { Site } from '../site/schema';
import type { VisitorStatusName } from '../site/visitor-schema';

export interface StoredVisitor {
  cardholderId: string;
  status: VisitorStatusName;
}

export interface StoredVisit {
  id: string;
  name: string;
  description?: string;
  notes?: string;
  receptionId: string;
  /** The visitor type's access group id. */
  visitorTypeId: string;
  hostId: string;
  /** ms since the epoch */
  from: number;
  until: number;
  location?: string;
  visitorAccessGroups: string[];
  visitors: StoredVisitor[];
  /** The division of the visitor management configuration the visit follows (its reception's, or the nearest ancestor's). */
  division: string;
}

/** A notification the server sent to a visit's host. */
export interface HostNotification {
  visitId: string;
  cardholderId: string;
  kind: 'signingIn' | 'onSite';
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
  time: number;
}

type SiteVisitors = Site['visitorManagement'];

/**
 * The server's visitor management: access groups, visitor types (per division), receptions and
 * visits. Visit times in the site file count from when the simulator starts, so the demo always
 * has a day of visits around "now".
 */
export class VisitBook {
  readonly accessGroups: Map<string, SiteVisitors['accessGroups'][number]>;
  readonly visitorTypes: Map<string, SiteVisitors['visitorTypes'][number]>;
  readonly receptions: Map<string, SiteVisitors['receptions'][number]>;
  readonly visits = new Map<string, StoredVisit>();
  readonly notifications: HostNotification[] = [];
  private nextId = 5000;

  constructor(
    private readonly site: Site,
    startedAt: number,
  ) {
    const vm = site.visitorManagement;
    this.accessGroups = new Map(vm.accessGroups.map((g) => [g.id, g]));
    this.visitorTypes = new Map(vm.visitorTypes.map((t) => [t.accessGroup, t]));
    this.receptions = new Map(vm.receptions.map((r) => [r.id, r]));
    const at = (t: number | string) => (typeof t === 'number' ? startedAt + t * 60_000 : Date.parse(t));
    for (const v of vm.visits) {
      const reception = this.receptions.get(v.reception)!;
      this.visits.set(v.id, {
        id: v.id,
        name: v.name,
        ...(v.description !== undefined ? { description: v.description } : {}),
        ...(v.notes !== undefined ? { notes: v.notes } : {}),
        receptionId: v.reception,
        visitorTypeId: v.visitorType,
        hostId: v.host,
        from: at(v.from),
        until: at(v.until),
        ...(v.location !== undefined ? { location: v.location } : {}),
        visitorAccessGroups: [...v.visitorAccessGroups],
        visitors: v.visitors.map((x) => ({ cardholderId: x.cardholder, status: x.status })),
        division: this.configDivision(reception.division) ?? reception.division,
      });
    }
  }

  /** The division whose visitor types apply in `division`: itself when it has any, else the nearest ancestor that does. */
  configDivision(division: string): string | undefined {
    const parents = new Map(this.site.divisions.map((d) => [d.id, d.parent]));
    for (let at: string | undefined = division; at; at = parents.get(at)) {
      if ([...this.visitorTypes.values()].some((t) => t.division === at)) return at;
    }
    return undefined;
  }

  /** The visitor types a division's configuration lists (its own only: `active` says whether it has one). */
  typesOf(division: string): SiteVisitors['visitorTypes'] {
    return [...this.visitorTypes.values()].filter((t) => t.division === division);
  }

  isHostFor(cardholderId: string, visitorTypeId: string): boolean {
    const type = this.visitorTypes.get(visitorTypeId);
    return type?.hostAccessGroups.some((g) => this.accessGroups.get(g)?.members.includes(cardholderId)) ?? false;
  }

  add(visit: Omit<StoredVisit, 'id'>): StoredVisit {
    let id = String(this.nextId++);
    while (this.visits.has(id)) id = String(this.nextId++);
    const stored = { ...visit, id };
    this.visits.set(id, stored);
    return stored;
  }
}
