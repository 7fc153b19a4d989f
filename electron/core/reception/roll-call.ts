import type { CheckedParams, CallResult } from '../../../shared/contract';
import type { PersonInZone, RollCall, ZoneRoll } from '../../../shared/contract/reception';
import { DeskError } from '../../../shared/errors';
import { moveCardholder, peopleOnSite, type PersonOnSite } from '../api/cardholder-people';
import { cardholderLocationZones } from '../api/items';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { SiteSession } from '../site-session';
import { whileConnected } from './offline-words';
import type { RollCallKeeping } from './roll-call-store';
import { visitorsToday, type VisitorsToday } from './visitors-today';

export interface RollCallOptions {
  session: () => SiteSession;
  audit?: AuditLog | undefined;
  now?: () => number;
  /** Where the last roll call is kept, under the site's key; absent where the desk has no local store. */
  kept?: { store: RollCallKeeping; site: () => string } | undefined;
  /** Told when keeping the roll call failed (the vault's key could not be had): the read itself still stands. */
  notKept?: (why: string) => void;
}

/**
 * Who is inside, by access zone (each person where they last badged or were moved), visitors told from
 * staff, and marking people safe at a muster point: moving them into its zone on the server, so the roll
 * call shrinks for every desk that asks. Each read is kept in the desk's local store; while the server
 * does not answer, the kept one is given, saying so and when it was read.
 */
export class RollCallService {
  constructor(private readonly options: RollCallOptions) {}

  async get(): Promise<CallResult<'rollCall.get'>> {
    let roll: RollCall;
    try {
      roll = await this.options.session().read(async (transport, discovery) => {
        const at = this.options.now?.() ?? Date.now();
        const [people, visitors] = await Promise.all([peopleOnSite(transport, discovery), visitorsToday(transport, discovery, at)]);
        return rollCallOf(people, at, visitors);
      });
    } catch (err) {
      const copy = await this.keptCopy();
      if (!copy) throw err;
      return { ...copy, copy: { why: whyNoAnswer(err) } };
    }
    await this.keep(roll);
    return roll;
  }

  musterZones(): Promise<CallResult<'rollCall.musterZones'>> {
    return this.options.session().read(async (transport, discovery) => {
      const { zones } = await cardholderLocationZones(transport, discovery);
      return { zones: zones.map((z) => ({ href: z.href, name: z.name ?? z.href })).sort((a, b) => a.name.localeCompare(b.name)) };
    });
  }

  markSafe(params: CheckedParams<'rollCall.markSafe'>): Promise<CallResult<'rollCall.markSafe'>> {
    return audited(this.options.audit, { kind: 'rollCall.markedSafe', person: params.name, zone: params.zoneName }, () =>
      whileConnected(this.options.session(), `marking ${params.name} safe`, async (transport) => {
        await moveCardholder(transport, params.cardholder, params.zone);
        return { zone: params.zone };
      }),
    );
  }

  private async keep(roll: RollCall): Promise<void> {
    const kept = this.options.kept;
    if (!kept) return;
    try {
      await kept.store.keep(kept.site(), roll);
    } catch (err) {
      this.options.notKept?.(err instanceof Error ? err.message : String(err));
    }
  }

  private async keptCopy(): Promise<RollCall | undefined> {
    const kept = this.options.kept;
    if (!kept) return undefined;
    try {
      return await kept.store.last(kept.site());
    } catch {
      // No site open, or the vault's key cannot be had: there is no copy to show.
      return undefined;
    }
  }
}

/** Why the server's roll call could not be had: the session's offline words speak of reference data, not of people. */
function whyNoAnswer(err: unknown): string {
  if (err instanceof DeskError && err.code === 'offline') return 'Not connected to the server.';
  return err instanceof DeskError ? err.message : 'The server did not answer.';
}

/** People grouped by the zone they were last seen in, zones and people by name; visitors counted apart from staff. */
export function rollCallOf(people: readonly PersonOnSite[], at: number, visitors: VisitorsToday = { known: false, why: 'visits were not read' }): RollCall {
  const zones = new Map<string, ZoneRoll>();
  for (const p of people) {
    const zone = p.lastSuccessfulAccessZone;
    const key = zone?.href ?? `name:${zone?.name ?? ''}`;
    const roll = zones.get(key) ?? { ...(zone?.href ? { href: zone.href } : {}), name: zone?.name ?? 'Zone not named', people: [], visitors: 0, staff: 0 };
    const kind: PersonInZone['kind'] = visitors.known ? (visitors.cardholders.has(p.href) ? 'visitor' : 'staff') : undefined;
    roll.people.push({
      href: p.href,
      name: [p.firstName, p.lastName].filter(Boolean).join(' ') || '(no name)',
      ...(p.lastSuccessfulAccessTime ? { at: p.lastSuccessfulAccessTime } : {}),
      ...(kind ? { kind } : {}),
    });
    if (kind === 'visitor') roll.visitors++;
    if (kind === 'staff') roll.staff++;
    zones.set(key, roll);
  }
  const list = [...zones.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const z of list) z.people.sort((a, b) => a.name.localeCompare(b.name));
  return {
    zones: list,
    total: people.length,
    visitors: list.reduce((n, z) => n + z.visitors, 0),
    staff: list.reduce((n, z) => n + z.staff, 0),
    ...(visitors.known ? {} : { visitorsUnknown: visitors.why }),
    at,
  };
}
