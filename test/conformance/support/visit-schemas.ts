import { z } from 'zod';
import { vendor } from './strict-schema';

// Facts from the vendor's REST reference (cc_rest.yaml), in the project's words: the shapes of
// receptions, visits and visitor types as a server answers them.

/** cc_rest.yaml Visit.reception / host / visitors[].cardholder: a name beside an href. */
export const namedLink = vendor.object({ name: z.string(), href: vendor.href() });

/** cc_rest.yaml Visit.visitorType: its href (a division's visitor type or the access group) and the access group's name and href. */
export const visitorType = vendor.object({ href: vendor.href(), accessGroup: namedLink });

/** cc_rest.yaml Reception: name and href, and on request description, division, defaultVisitorType, notes. */
export const reception = vendor.object({
  name: z.string().optional(),
  href: vendor.href().optional(),
  serverDisplayName: z.string().optional(),
  description: z.string().optional(),
  division: vendor.link().optional(),
  defaultVisitorType: visitorType.optional(),
  notes: z.string().optional(),
});

/** cc_rest.yaml Visit.visitors[].status.type: the fixed list of a visitor's states. */
export const VISITOR_STATES = ['expected', 'signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed', 'cancelled'] as const;

/** cc_rest.yaml Visit.visitors[]: the cardholder, and from 8.90 the visitor's own href and status. */
export const visitor = vendor.object({
  cardholder: namedLink.optional(),
  href: vendor.href().optional(),
  invitation: z.string().optional(),
  status: vendor.object({ value: z.string(), type: z.enum(VISITOR_STATES) }).optional(),
});

/** cc_rest.yaml Visit: every field the reference lists, each of its documented type. */
export const visit = vendor.object({
  name: z.string().optional(),
  href: vendor.href().optional(),
  serverDisplayName: z.string().optional(),
  description: z.string().optional(),
  division: vendor.link().optional(),
  notes: z.string().optional(),
  reception: namedLink.optional(),
  visitorType: visitorType.optional(),
  host: namedLink.optional(),
  from: vendor.dateTime().optional(),
  until: vendor.dateTime().optional(),
  location: z.string().optional(),
  visitorAccessGroups: z.array(namedLink).optional(),
  visitors: z.array(visitor).optional(),
});

const groupBlock = vendor.object({ accessGroup: namedLink });

/** cc_rest.yaml Division.visitorManagement: `active`, and the visitor types with host and visitor access groups. */
export const visitorManagement = vendor.object({
  active: z.boolean().optional(),
  visitorTypes: z
    .array(vendor.object({ href: vendor.href(), accessGroup: namedLink, hostAccessGroups: z.array(groupBlock), visitorAccessGroups: z.array(groupBlock) }))
    .optional(),
});
