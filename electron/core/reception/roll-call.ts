import type { CheckedParams, CallResult } from '../../../shared/contract';
import type { RollCall, ZoneRoll } from '../../../shared/contract/reception';
import { moveCardholder, peopleOnSite, type PersonOnSite } from '../api/cardholder-people';
import { cardholderLocationZones } from '../api/items';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { SiteSession } from '../site-session';
import { whileConnected } from './offline-words';

export interface RollCallOptions {
  session: () => SiteSession;
  audit?: AuditLog | undefined;
  now?: () => number;
}

/**
 * Who is inside, by access zone (each person where they last badged or were moved), and marking people
 * safe at a muster point: moving them into its zone on the server, so the roll call shrinks for every
 * desk that asks.
 */
export class RollCallService {
  constructor(private readonly options: RollCallOptions) {}

  get(): Promise<CallResult<'rollCall.get'>> {
    return this.options.session().read(async (transport, discovery) => rollCallOf(await peopleOnSite(transport, discovery), this.options.now?.() ?? Date.now()));
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
}

/** People grouped by the zone they were last seen in, zones and people by name. */
export function rollCallOf(people: readonly PersonOnSite[], at: number): RollCall {
  const zones = new Map<string, ZoneRoll>();
  for (const p of people) {
    const zone = p.lastSuccessfulAccessZone;
    const key = zone?.href ?? `name:${zone?.name ?? ''}`;
    const roll = zones.get(key) ?? { ...(zone?.href ? { href: zone.href } : {}), name: zone?.name ?? 'Zone not named', people: [] };
    roll.people.push({ href: p.href, name: [p.firstName, p.lastName].filter(Boolean).join(' ') || '(no name)', ...(p.lastSuccessfulAccessTime ? { at: p.lastSuccessfulAccessTime } : {}) });
    zones.set(key, roll);
  }
  const list = [...zones.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const z of list) z.people.sort((a, b) => a.name.localeCompare(b.name));
  return { zones: list, total: people.length, at };
}
