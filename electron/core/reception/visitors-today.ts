import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import { linkFor } from '../api/features';
import type { Transport } from '../api/transport';
import { listVisits, VISITOR_FIELDS, VISITS_LINK } from '../api/visits';
import { isToday } from './todays-visits';

/** Who is a visitor today, or why the desk cannot tell. */
export type VisitorsToday = { known: true; cardholders: ReadonlySet<string> } | { known: false; why: string };

/**
 * The cardholders on one of today's visits, at any reception: the roll call's visitors. The vendor's
 * cardholder summary and detail carry no "visitor" field (cc_rest.yaml CardholderSummary,
 * CardholderDetail), and reading each person's access groups would be a request per person; the visit
 * search with `fields=visitors.cardholder` is one page for a day of 500 visits, however many
 * cardholders the site has. A server without visits (before 8.50, or without the VisitorManagement
 * licence) has no visitors to tell apart, and the roll call says so rather than calling everyone staff.
 */
export async function visitorsToday(transport: Transport, discovery: Discovery, now: number): Promise<VisitorsToday> {
  if (!linkFor(discovery, ...VISITS_LINK)) {
    return { known: false, why: 'this server offers no visits (it needs version 8.50 and the VisitorManagement licence)' };
  }
  try {
    const today = isToday(now);
    const visits = await listVisits(transport, discovery, undefined, VISITOR_FIELDS);
    return { known: true, cardholders: new Set(visits.filter(today).flatMap((v) => v.visitors.map((x) => x.cardholder.href))) };
  } catch (err) {
    return { known: false, why: `the visits could not be read (${err instanceof DeskError ? err.message : 'no answer'})` };
  }
}
