import { z } from 'zod';

/**
 * The site file's visitor management block (the server's visits, receptions and visitor types, new
 * in 8.50), and the people data that goes with it: which cardholders have a photo, and where each
 * cardholder was last seen when the server starts.
 */
const Id = z.string().regex(/^[A-Za-z0-9_.~-]+$/, 'ids are short URL-safe strings');

/** A time of the day's visits: minutes from when the simulator starts, or an ISO date-time. */
export const VisitTime = z.union([z.number().finite(), z.iso.datetime({ offset: true })]);

export const VisitorStatus = z.enum(['expected', 'signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed', 'cancelled']);

export const AccessGroup = z.object({
  id: Id,
  name: z.string().min(1),
  division: Id,
  /** Cardholders in the group (a visit's host must belong to one of its visitor type's host groups). */
  members: z.array(Id).default([]),
});

export const VisitorType = z.object({
  /** The access group every visitor on a visit of this type joins; also the type's id. */
  accessGroup: Id,
  /** The division whose visitor management configuration holds this type. */
  division: Id,
  hostAccessGroups: z.array(Id).min(1),
  visitorAccessGroups: z.array(Id).default([]),
});

export const Reception = z.object({
  id: Id,
  name: z.string().min(1),
  division: Id,
  description: z.string().optional(),
  notes: z.string().optional(),
  /** An access group id among the visitor types. */
  defaultVisitorType: Id.optional(),
});

export const Visit = z.object({
  id: Id,
  name: z.string().min(1),
  description: z.string().optional(),
  notes: z.string().optional(),
  reception: Id,
  /** The visitor type's access group id. */
  visitorType: Id,
  host: Id,
  from: VisitTime,
  until: VisitTime,
  location: z.string().optional(),
  visitorAccessGroups: z.array(Id).default([]),
  visitors: z.array(z.object({ cardholder: Id, status: VisitorStatus.default('expected') })).default([]),
});

export const VisitorManagement = z
  .object({
    accessGroups: z.array(AccessGroup).default([]),
    visitorTypes: z.array(VisitorType).default([]),
    receptions: z.array(Reception).default([]),
    visits: z.array(Visit).default([]),
  })
  .prefault({});

/** Cardholders with a photo (an image personal data field): a list of ids, or 'all'. */
export const CardholderPhotos = z.union([z.literal('all'), z.array(Id)]).default([]);

/**
 * An ordinary access card for every site cardholder, numbered from `firstNumber` in site order (the
 * numbers the scenario's card access events carry), Active until two years from start-up unless
 * `cards` gives a cardholder's card another state or end.
 */
export const ProximityCards = z
  .object({
    firstNumber: z.number().int().min(1),
    cards: z.record(Id, z.object({ status: z.enum(['Active', 'Disabled (manually)', 'Lost', 'Stolen', 'Damaged']).optional(), until: VisitTime.optional() })).default({}),
  })
  .optional();

/** Where cardholders were last seen at start-up: cardholder id → access zone id. */
export const CardholderLocations = z.record(Id, Id).default({});

export type VisitorStatusName = z.infer<typeof VisitorStatus>;
export type VisitorManagementSite = z.infer<typeof VisitorManagement>;
export type VisitDefinition = z.infer<typeof Visit>;
