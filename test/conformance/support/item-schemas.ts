import { z } from 'zod';
import { vendor } from './strict-schema';

/**
 * Fields every status item's detail shares in the vendor's reference (cc_rest.yaml: DoorDetail,
 * AccessZoneDetail, AlarmZoneDetail, FenceZoneDetail, InputDetail, InterlockGroupDetail, OutputDetail).
 */
export const itemDetailFields = {
  href: vendor.href(),
  id: vendor.id(),
  name: z.string(),
  description: z.string().optional(),
  // cc_rest.yaml: NAMEHREF_PROPERTIES: name and href; ItemDetail.division: id and href (the id is what
  // the search's `division` filter takes).
  division: vendor.object({ id: vendor.id(), href: vendor.href(), name: z.string().optional() }).optional(),
  // cc_rest.yaml: SHORTNAME: string, maxLength 16.
  shortName: z.string().max(16).optional(),
  notes: z.string().optional(),
  updates: vendor.link().optional(),
  statusFlags: z.array(z.string()).optional(),
  statusText: z.string().optional(),
  status: z.string().optional(),
  // cc_rest.yaml: connectedController { name, href, id } (8.50).
  connectedController: vendor.object({ name: z.string(), href: vendor.href(), id: vendor.id() }).optional(),
};

/** A summary (cc_rest.yaml: *Summary: href, id, name); the href is the item's identifier and always there. */
export const itemSummary = vendor.object({ href: vendor.href(), id: vendor.id().optional(), name: z.string() });

/**
 * A `commands` block: each key the vendor lists for the type, each a link to POST to. A key the
 * reference does not list for the type is a difference (`keys` is the vendor's list).
 */
export function commandsBlock(keys: readonly string[], entry: z.ZodType = vendor.link()) {
  return z.partialRecord(z.enum(keys as [string, ...string[]]), entry);
}

/** `GET …/updates` (cc_rest.yaml: /api/doors/{id}/updates and the like): the status fields and a `next` link. */
export const itemUpdates = vendor.object({
  updates: vendor.object({
    statusFlags: z.array(z.string()).optional(),
    statusText: z.string().optional(),
    status: z.string().optional(),
  }),
  next: vendor.link(),
});
