import type { CheckedParams, CallResult } from '../../../shared/contract';
import { DeskError } from '../../../shared/errors';
import { versionAtLeast } from '../../../shared/version';
import { CARDHOLDERS_LINK, linkFor } from '../api/features';
import { createVisit, listReceptions, listVisits, notifyHost, setVisitorState, visitorTypesFor, type ServerReception } from '../api/visits';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { SiteSession } from '../site-session';
import { whileConnected } from './offline-words';
import { todaysVisits } from './todays-visits';

export interface ReceptionOptions {
  session: () => SiteSession;
  audit?: AuditLog | undefined;
  now?: () => number;
  /** Told after a visitor's state changed or a visit was made here: the overdue list is read again. */
  changed?: () => void;
}

/** What a reception's visitor may be moved to, in the words the audit log and errors use. */
const STATE_WORDS: Record<CheckedParams<'reception.setVisitorState'>['state'], string> = {
  expected: 'set back to expected',
  signingIn: 'signing in',
  signedIn: 'signed in',
  onSite: 'on site',
  expectedBack: 'out and expected back',
  departed: 'signed out',
  cancelled: 'cancelled',
};

/** The reception desk's calls: the day's visits, a visitor's day, the host's notifications, a walk-in. */
export class ReceptionService {
  constructor(private readonly options: ReceptionOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  list(): Promise<CallResult<'reception.list'>> {
    return this.options.session().read(async (transport, discovery) => ({
      receptions: (await listReceptions(transport, discovery)).map((r) => ({ href: r.href, name: r.name })).sort((a, b) => a.name.localeCompare(b.name)),
    }));
  }

  today(reception: string): Promise<CallResult<'reception.today'>> {
    return this.options.session().read(async (transport, discovery) => {
      const found = await receptionOf(transport, discovery, reception);
      const visits = await listVisits(transport, discovery);
      return todaysVisits(found, visits, this.now(), versionAtLeast(discovery.version, '8.90'));
    });
  }

  visitorTypes(reception: string): Promise<CallResult<'reception.visitorTypes'>> {
    return this.options.session().read(async (transport, discovery) => {
      const found = await receptionOf(transport, discovery, reception);
      if (!found.division) return { types: [] };
      const types = await visitorTypesFor(transport, found.division.href);
      const defaultType = types.find((t) => found.defaultVisitorType && t.href.endsWith(`/${lastSegment(found.defaultVisitorType.href)}`))?.href;
      return { types, ...(defaultType ? { defaultType } : {}) };
    });
  }

  setVisitorState(params: CheckedParams<'reception.setVisitorState'>): Promise<CallResult<'reception.setVisitorState'>> {
    return audited(this.options.audit, { kind: 'visitor.state', visitor: params.visitorName, visit: params.visitName, state: params.state }, () =>
      whileConnected(this.options.session(), `${params.visitorName} ${STATE_WORDS[params.state]}`, async (transport, discovery) => {
        if (!versionAtLeast(discovery.version, '8.90')) {
          throw new DeskError('licence', `This server (version ${discovery.version}) does not let the desk change a visitor's state: that needs 8.90 or later`);
        }
        await setVisitorState(transport, params.visitor, params.state).catch(explainExpired(params.visitName));
        this.options.changed?.();
        return { state: params.state };
      }),
    );
  }

  notifyHost(params: CheckedParams<'reception.notifyHost'>): Promise<CallResult<'reception.notifyHost'>> {
    const words = params.kind === 'signingIn' ? 'is signing in' : 'is on site';
    return audited(
      this.options.audit,
      { kind: 'visitor.hostNotified', visitor: params.visitorName, ...(params.hostName ? { host: params.hostName } : {}), notice: params.kind },
      () =>
        whileConnected(this.options.session(), 'the notification to the host', async (transport, discovery) => {
          if (!versionAtLeast(discovery.version, '8.90')) {
            throw new DeskError('licence', `This server (version ${discovery.version}) cannot notify hosts: that needs 8.90 or later`);
          }
          const text = `Your visitor ${params.visitorName} ${words} at ${params.reception}.`;
          await notifyHost(transport, params.visitor, params.kind, { subject: `Your visitor ${params.visitorName} ${words}`, text }).catch(explainExpired('The visit'));
          return { sent: true as const };
        }),
    );
  }

  walkIn(params: CheckedParams<'reception.walkIn'>): Promise<CallResult<'reception.walkIn'>> {
    const visitorName = 'href' in params.visitor ? params.visitor.name : `${params.visitor.firstName} ${params.visitor.lastName}`;
    // The reception's name is filled in once the server has named it; the entry is written after.
    const action = { kind: 'visit.walkIn' as const, visitor: visitorName, host: params.host.name, reception: 'a reception' };
    return audited(this.options.audit, action, () =>
      whileConnected(this.options.session(), `the walk-in visit for ${visitorName}`, async (transport, discovery) => {
        const reception = await receptionOf(transport, discovery, params.reception);
        action.reception = reception.name;
        const visitor = 'href' in params.visitor ? params.visitor.href : await newVisitor(transport, discovery, params.visitor, reception);
        const visit = await createVisit(transport, discovery, {
          name: `Visit hosted by ${params.host.name}`,
          reception: reception.href,
          visitorType: params.visitorType,
          host: params.host.href,
          from: new Date(params.from),
          until: new Date(params.until),
          ...(params.location ? { location: params.location } : {}),
          visitors: [visitor],
        });
        this.options.changed?.();
        return { visit };
      }),
    );
  }
}

async function receptionOf(transport: Transport, discovery: Discovery, href: string): Promise<ServerReception> {
  const found = (await listReceptions(transport, discovery)).find((r) => r.href === href);
  if (!found) throw new DeskError('not-found', 'That reception is no longer on the server (or this desk may no longer see it): choose another');
  return found;
}

/** A walk-in who is not yet a cardholder: made in the reception's division, with a name and no cards. */
async function newVisitor(transport: Transport, discovery: Discovery, name: { firstName: string; lastName: string }, reception: ServerReception): Promise<string> {
  const href = linkFor(discovery, ...CARDHOLDERS_LINK);
  if (!href) throw new DeskError('licence', 'A new visitor cannot be added: this server offers no cardholder calls (it needs the RESTCardholders licence)');
  if (!reception.division) throw new DeskError('invalid-response', `The server did not say which division ${reception.name} is in, so a new visitor cannot be added there`);
  return transport.create(href, { firstName: name.firstName, lastName: name.lastName, division: { href: reception.division.href } }, 'New visitor');
}

/** The server refuses changes to a visit past its end (403, "expired"): said as what it means at the desk. */
function explainExpired(visitName: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof DeskError && /expired/i.test(err.message)) {
      throw new DeskError('forbidden', `${visitName} has ended (past its end time): the server takes no more changes to it`);
    }
    throw err;
  };
}

function lastSegment(href: string): string {
  return href.replace(/\/+$/, '').split('/').pop() ?? href;
}
