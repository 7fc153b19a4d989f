import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { CARDHOLDERS_LINK, linkFor } from './features';
import { Link } from './schemas';
import { searchAll } from './paging';
import type { Transport } from './transport';

/** cc_rest.yaml CardholderDetail.lastSuccessfulAccessZone: a zone, or (a visitor who left) a reception by name only. */
const LastZone = z.object({ href: z.string().optional(), name: z.string().optional() });

/** A cardholder where they last badged (cc_rest.yaml: lastSuccessfulAccessTime / lastSuccessfulAccessZone). */
export const PersonOnSite = z.object({
  href: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  lastSuccessfulAccessTime: z.string().optional(),
  lastSuccessfulAccessZone: LastZone.optional(),
});
export type PersonOnSite = z.infer<typeof PersonOnSite>;

/**
 * Everyone inside the site (cc_rest.yaml /api/cardholders `accessZone=*`: who has badged and is not
 * outside), with their last zone and time, page by page.
 */
export async function peopleOnSite(transport: Transport, discovery: Discovery, signal?: AbortSignal): Promise<PersonOnSite[]> {
  const what = 'Roll call';
  const href = linkFor(discovery, ...CARDHOLDERS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no cardholder calls (it needs the RESTCardholders licence)`);
  const out: PersonOnSite[] = [];
  const query = { accessZone: '*', top: 1000, fields: 'href,firstName,lastName,lastSuccessfulAccessZone,lastSuccessfulAccessTime' };
  for await (const p of searchAll(transport, href, PersonOnSite, what, { query, signal })) out.push(p);
  return out;
}

/** The cardholder's `updateLocation` link (cc_rest.yaml CardholderDetail, 8.20). */
const Locatable = z.object({ updateLocation: Link.optional() });

/**
 * Moves a cardholder into an access zone now (cc_rest.yaml update_location, 8.20), through the link the
 * cardholder carries; a server that gives none cannot do it, and the desk says so.
 */
export async function moveCardholder(transport: Transport, cardholderHref: string, zoneHref: string): Promise<void> {
  const what = 'Moving a cardholder';
  const holder = await transport.getJson(cardholderHref, Locatable, what, { query: { fields: 'updateLocation' } });
  if (!holder.updateLocation) {
    throw new DeskError('licence', `${what}: this server gives no way to move this cardholder (it needs version 8.20 and the RESTCardholders licence)`);
  }
  await transport.post(holder.updateLocation.href, { accessZone: { href: zoneHref } }, what);
}
