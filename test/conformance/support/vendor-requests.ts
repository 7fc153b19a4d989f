import { z } from 'zod';
import type { ReceivedRequest } from '../../../electron/simulator/index';
import { templatePath } from './request-recorder';
import { vendor } from './strict-schema';

/**
 * The requests the vendor's reference describes for the calls Gatehouse makes: method, templated path,
 * the query parameters it takes, the `fields` values it lists, and the body's schema. Facts, each with
 * its source in cc_rest.yaml; controllers others add put their rows in `extraRequests`.
 */
export interface VendorRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query: readonly string[];
  /** The values `fields` may take; absent when the vendor lists none (any field name). */
  fields?: readonly string[];
  /** The body, checked strictly where the vendor is definite; absent: no body is sent. */
  body?: z.ZodType;
}

/** cc_rest.yaml: the search parameters every item search takes (sort, top, name, division, …, pos, skip). */
const SEARCH = ['sort', 'top', 'name', 'division', 'directDivision', 'description', 'fields', 'pos', 'skip'];
/** cc_rest.yaml: UPDFIELDS_SCHEMA; and "Update pages take the same `fields` parameter as summary and details pages". */
const STATUS_FIELDS = ['status', 'statusText', 'statusFlags'];
/**
 * Parameters the server writes into the links it hands out (a search's `next`, an updates `next`,
 * a subscription's bookmark); a client only passes them back. `after` is the simulator's updates cursor.
 */
const LINK_PARAMS = ['pos', 'skip', 'after', 'bookmark'];

/** Each item controller's `fields` values (cc_rest.yaml: ACZFIELDS_SCHEMA, ALZFIELDS_SCHEMA, DOORFIELDS_SCHEMA, …). */
const ITEM_FIELDS: Record<string, readonly string[]> = {
  access_zones: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'doors', 'zoneCount', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  alarm_zones: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'status', 'notes', 'updates', 'defaults'],
  doors: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'entryAccessZone', 'exitAccessZone', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  fence_zones: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'voltage', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  inputs: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  interlock_groups: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  macros: ['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates', 'defaults'],
  outputs: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults'],
  elevator_groups: ['href', 'name', 'shortName', 'description', 'division', 'notes', 'elevatorSystem', 'elevatorGroupNumber', 'floorAccess', 'rearAccessEnabled', 'groundFloorNumber', 'defaults'],
};

/**
 * Override paths per item controller (cc_rest.yaml: /api/<controller>/{id}/<segment>). The PIN modes of an
 * access zone have links of their own whose paths the vendor does not give (`commands.freePin.href`):
 * the simulator's are listed with them.
 */
const OVERRIDES: Record<string, readonly string[]> = {
  access_zones: ['free', 'secure', 'code_only', 'dual_auth', 'forgive_anti_passback', 'lock_down', 'cancel_lock_down', 'set_zone_count', 'cancel',
    'free_pin', 'secure_pin', 'code_only_pin', 'dual_auth_pin'],
  alarm_zones: ['arm', 'disarm', 'user1', 'user2', 'armHighVoltage', 'armLowFeel', 'cancel'],
  doors: ['open', 'lock'],
  fence_zones: ['on', 'off', 'shunt', 'unshunt', 'high_voltage', 'low_feel', 'cancel'],
  inputs: ['shunt', 'unshunt', 'isolate', 'deisolate'],
  interlock_groups: ['disable', 'enable'],
  macros: ['run'],
  // cc_rest.yaml: /api/outputs/{id}/on, /off, /pulse (8.50), /cancel.
  outputs: ['on', 'off', 'pulse', 'cancel'],
};

// cc_rest.yaml: OverrideEndTime (endTime: date-time, optional); set_zone_count: { zoneCount: integer } required.
const overrideBody = z.object({ endTime: vendor.dateTime() }).strict().optional();
const zoneCountBody = z.object({ zoneCount: z.number().int() }).strict();
// cc_rest.yaml: /api/outputs/{id}/pulse takes no end time ("the duration comes from the output's configuration").
const pulseBody = z.object({}).strict().optional();

// cc_rest.yaml: NewPIVCard (type, number, pivData required; pivData: chuid, contentSigningCert, pivAuthenticationCert required; CHUID: hash, fascn required).
const PIV_STATUS = z.enum(['Normal', 'Offline', 'Revoked', 'Expired', 'CertInChainRevoked', 'CertInChainExpired', 'IssuerSigCertRevoked',
  'IssuerSigCertExpired', 'NotTrusted', 'PolicyError', 'OtherError', 'NotChecked']);
const newPivCard = vendor.object({
  type: vendor.object({ href: vendor.href() }),
  status: vendor.object({ value: z.string() }).optional(),
  number: z.string(),
  pivData: vendor.object({
    chuid: vendor.object({ hash: z.string(), fascn: z.string(), orgIdentifier: z.string().optional(), duns: z.string().optional() }),
    pivStatus: vendor.object({ type: PIV_STATUS }).optional(),
    contentSigningCert: z.string(),
    cardAuthenticationCert: z.string().optional(),
    pivAuthenticationCert: z.string(),
    fingerprints: z.string().optional(),
  }),
});
// cc_rest.yaml: CardholderCard in a PATCH's `add` (CardholderPATCH.cards): `type` the one compulsory field; number,
// issueLevel (0–15), status.value, from and until (date-times) as the card detail has them; never an href.
const newCard = vendor.object({
  type: vendor.object({ href: vendor.href() }),
  number: z.string().optional(),
  issueLevel: z.number().int().min(0).max(15).optional(),
  status: vendor.object({ value: z.string() }).optional(),
  from: vendor.dateTime().optional(),
  until: vendor.dateTime().optional(),
});
// cc_rest.yaml: /api/cardholders [PIV] POST: division required, cards of NewPIVCard.
const cardholderPost = vendor.object({
  division: vendor.object({ href: vendor.href() }),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  cards: z.array(newPivCard).optional(),
});
// cc_rest.yaml: /api/cardholders/{id} [PIV] PATCH: cards holds up to three arrays, `add`, `update` and `remove`, nothing else.
const cardholderPatch = vendor.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  cards: z
    .object({
      add: z.array(z.union([newPivCard, newCard])).optional(),
      update: z.array(vendor.object({ href: vendor.href(), status: vendor.object({ value: z.string() }).optional(), pivData: z.object({ pivStatus: z.object({ type: PIV_STATUS }).strict() }).strict().optional() })).optional(),
      remove: z.array(vendor.object({ href: vendor.href(), status: vendor.object({ value: z.string() }).optional() })).optional(),
    })
    .strict()
    .optional(),
});

// cc_rest.yaml: alarmfields (8.40); 9.10 adds `instruction.name` and `instruction.href` (AlarmDetail.instruction).
const ALARM_FIELDS = ['href', 'id', 'time', 'message', 'source', 'type', 'eventType', 'priority', 'state', 'active', 'division',
  'notePresets', 'view', 'comment', 'acknowledgeWithComment', 'acknowledge', 'processWithComment', 'process', 'details', 'history',
  'instruction', 'cardholder', 'event', 'instruction.name', 'instruction.href'];
// cc_rest.yaml: eventfields (8.40), less the personal data field `cardholder.pdf_*` (a name of the site's own).
const EVENT_FIELDS = ['defaults', 'details', 'href', 'id', 'serverDisplayName', 'time', 'message', 'occurrences', 'priority', 'alarm',
  'operator', 'source', 'group', 'type', 'eventType', 'division', 'cardholder', 'entryAccessZone', 'exitAccessZone', 'door', 'accessGroup',
  'card', 'modifiedItem', 'lastOccurrenceTime', 'previous', 'next', 'updates', 'location'];
// cc_rest.yaml: AlarmUpdateRequest, an optional object with an optional `comment`.
const alarmUpdateBody = z.object({ comment: z.string() }).strict().optional();
// cc_rest.yaml: /api/events GET filters; the updates link "will contain your … filtering parameters".
const EVENT_FILTERS = ['top', 'after', 'before', 'source', 'type', 'group', 'cardholder', 'division', 'directDivision', 'relatedItem', 'fields'];

/**
 * The alarms and events controllers (cc_rest.yaml tags Alarms and Events). `start` and `id` are the
 * bookmarks the server writes into the alarm list's `next` and `updates` links (the vendor's examples:
 * `/api/alarms?start=92143&pos=61320`, `/api/alarms/updates?id=92143.1`); the instruction page's path is
 * the vendor's example href (`/api/alarms/92210/instructions`).
 */
function alarmAndEventRequests(): VendorRequest[] {
  return [
    { method: 'GET', path: '/api/alarms', query: ['fields', 'start'], fields: ALARM_FIELDS },
    { method: 'GET', path: '/api/alarms/updates', query: ['fields', 'id'], fields: ALARM_FIELDS },
    { method: 'GET', path: '/api/alarms/{id}', query: ['fields'], fields: ALARM_FIELDS },
    { method: 'GET', path: '/api/alarms/{id}/instructions', query: [] },
    ...['view', 'comment', 'acknowledge', 'process'].map((segment): VendorRequest => ({
      method: 'POST',
      path: `/api/alarms/{id}/${segment}`,
      query: [],
      body: alarmUpdateBody,
    })),
    { method: 'GET', path: '/api/events', query: [...EVENT_FILTERS, 'previous'], fields: EVENT_FIELDS },
    { method: 'GET', path: '/api/events/updates', query: [...EVENT_FILTERS, 'deadline'], fields: EVENT_FIELDS },
    { method: 'GET', path: '/api/events/groups', query: [] },
    { method: 'GET', path: '/api/events/{id}', query: ['fields'], fields: EVENT_FIELDS },
  ];
}

function itemRequests(): VendorRequest[] {
  return Object.entries(ITEM_FIELDS).flatMap(([controller, fields]) => [
    { method: 'GET', path: `/api/${controller}`, query: [...SEARCH], fields },
    { method: 'GET', path: `/api/${controller}/{id}`, query: ['fields'], fields },
    { method: 'GET', path: `/api/${controller}/{id}/updates`, query: ['fields'], fields: [...fields, ...STATUS_FIELDS] },
    ...(OVERRIDES[controller] ?? []).map((segment): VendorRequest => ({
      method: 'POST',
      path: `/api/${controller}/{id}/${segment}`,
      query: ['requested_by'],
      body: segment === 'set_zone_count' ? zoneCountBody : controller === 'outputs' && segment === 'pulse' ? pulseBody : overrideBody,
    })),
  ]);
}

/** Literal paths first: `/api/items/updates` before `/api/items/{id}`, `/api/card_types/assign` before `/api/card_types/{id}`. */
export const VENDOR_REQUESTS: VendorRequest[] = [
  { method: 'GET', path: '/api', query: [] },
  // cc_rest.yaml: /api/items/updates POST { itemIds: [string] } (required); GET with the bookmark from its next link.
  { method: 'POST', path: '/api/items/updates', query: [], body: z.object({ itemIds: z.array(z.string().min(1)) }).strict() },
  { method: 'GET', path: '/api/items/updates', query: ['bookmark'] },
  { method: 'GET', path: '/api/items/updates/{subscription}', query: ['bookmark'] },
  { method: 'GET', path: '/api/items/types', query: [] },
  { method: 'GET', path: '/api/items', query: ['name', 'division', 'directDivision', 'type', 'top', 'sort', 'fields', 'pos'], fields: ['href', 'id', 'name', 'type', 'division', 'serverDisplayName', 'notes', 'defaults'] },
  { method: 'GET', path: '/api/items/{id}', query: ['fields'], fields: ['href', 'id', 'name', 'type', 'division', 'serverDisplayName', 'notes', 'defaults'] },
  // cc_rest.yaml: /api/day_categories: sort, top, name, fields, pos, skip.
  { method: 'GET', path: '/api/day_categories', query: ['sort', 'top', 'name', 'fields', 'pos', 'skip'], fields: ['href', 'name', 'description', 'notes', 'defaults'] },
  // cc_rest.yaml: /api/card_types/assign parameters and fields (the plain list takes the same, "But they work").
  ...['/api/card_types/assign', '/api/card_types'].map((path): VendorRequest => ({
    method: 'GET',
    path,
    query: [...SEARCH],
    fields: ['href', 'id', 'name', 'division', 'facilityCode', 'availableCardStates', 'credentialClass', 'minimumNumber', 'maximumNumber', 'notes', 'regex', 'regexDescription', 'defaults'],
  })),
  { method: 'GET', path: '/api/card_types/{id}', query: [] },
  // cc_rest.yaml: /api/elevator_groups/modify_passenger_details and /api/access_zones/update_cardholder_location: searches.
  { method: 'GET', path: '/api/elevator_groups/modify_passenger_details', query: [...SEARCH], fields: ['href', 'name', 'description', 'division', 'floorAccess', 'defaults'] },
  { method: 'GET', path: '/api/access_zones/update_cardholder_location', query: [...SEARCH] },
  // cc_rest.yaml: /api/divisions/_operation_, the events' and alarms' division lists (rest_training.adoc's GET /api
  // example links them at events.divisions and alarms.divisions): top, sort, fields; before {id}, which would match them too.
  ...['/api/divisions/view_events', '/api/divisions/view_alarms'].map((path): VendorRequest => ({
    method: 'GET',
    path,
    query: ['top', 'sort', 'fields', 'pos', 'skip'],
    fields: ['href', 'id', 'name', 'parent', 'visitorManagement'],
  })),
  // cc_rest.yaml: /api/divisions/{id} GET (a division's detail, from the hrefs items give).
  { method: 'GET', path: '/api/divisions/{id}', query: ['fields'] },
  // cc_rest.yaml: /api/divisions/_operation_ (the division lists /api links: top, sort, fields of href, id, name,
  // parent, visitorManagement). The plain list at features.divisions.divisions takes the same parameters
  // (docs/server-endpoints.md §Divisions says why Gatehouse reads it only where /api links it).
  { method: 'GET', path: '/api/divisions', query: ['top', 'sort', 'fields', 'pos', 'skip'], fields: ['href', 'id', 'name', 'parent', 'visitorManagement'] },
  // cc_rest.yaml: /api/cardholders GET (search): sort, top, name, pdf_{id}, division, directDivision, description,
  // accessZone, fields (the detail's fields, an open set: personal data fields have names of the site's own).
  { method: 'GET', path: '/api/cardholders', query: ['sort', 'top', 'name', 'division', 'directDivision', 'description', 'accessZone', 'fields', 'pos', 'skip'] },
  { method: 'POST', path: '/api/cardholders', query: [], body: cardholderPost },
  { method: 'GET', path: '/api/cardholders/{id}', query: ['fields'] },
  { method: 'PATCH', path: '/api/cardholders/{id}', query: [], body: cardholderPatch },
  { method: 'DELETE', path: '/api/cardholders/{id}/cards/{cardId}', query: [] },
  ...alarmAndEventRequests(),
  ...itemRequests(),
];

/** Rows other controllers add (outputs, divisions, cardholder search) before checking. */
export const extraRequests: VendorRequest[] = [];

/** What is wrong with one request the client sent, measured against the vendor's requests; empty when nothing is. */
export function differencesFromVendor(request: ReceivedRequest): string[] {
  const rows = [...VENDOR_REQUESTS, ...extraRequests].filter((r) => r.method === request.method);
  const template = templatePath(request.url.pathname, rows.map((r) => r.path));
  const where = `${request.method} ${request.url.pathname}${request.url.search}`;
  if (!template) return [`${where}: the vendor's reference has no such call`];
  const row = rows.find((r) => r.path === template)!;
  const problems: string[] = [];
  for (const name of new Set(request.url.searchParams.keys())) {
    if (!row.query.includes(name) && !LINK_PARAMS.includes(name)) problems.push(`${where}: ${template} takes no "${name}" parameter`);
  }
  const fields = request.url.searchParams.get('fields');
  if (fields !== null && row.fields) {
    for (const field of fields.split(',')) {
      if (!row.fields.includes(field)) problems.push(`${where}: ${template} lists no field "${field}"`);
    }
  }
  const text = request.body ?? '';
  if (!row.body) {
    if (text.trim() !== '' && request.method !== 'GET') problems.push(`${where}: ${template} takes no body, got ${text.slice(0, 200)}`);
  } else {
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    const checked = row.body.safeParse(body);
    if (!checked.success) problems.push(`${where}: the body differs from the vendor's: ${z.prettifyError(checked.error)}`);
  }
  return problems;
}
