import { z } from 'zod';
import { vendor } from './strict-schema';

/** cc_rest.yaml: AlarmSummary.state, EventSummary.alarm.state. */
const ALARM_STATE = z.enum(['unacknowledged', 'acknowledged', 'processed']);
/** cc_rest.yaml: "Numeric priority. 9 is critical and 0 is not an event." */
const PRIORITY = z.number().int().min(0).max(9);
const idName = vendor.object({ id: vendor.id(), name: z.string() });

/** cc_rest.yaml: AlarmSummary. The source's id and href are new to 8.10; eventType (8.90) and event only through `fields`. */
export const alarmSummary = vendor.object({
  href: vendor.href(),
  id: vendor.id(),
  time: vendor.dateTime(),
  message: z.string(),
  source: vendor.object({ id: vendor.id().optional(), name: z.string(), href: vendor.href().optional() }),
  type: z.string(),
  eventType: idName.optional(),
  priority: PRIORITY,
  state: ALARM_STATE,
  active: z.boolean(),
  division: vendor.object({ href: vendor.href() }),
  event: vendor.link().optional(),
  notePresets: z.array(z.string()).optional(),
  view: vendor.link().optional(),
  comment: vendor.link().optional(),
  acknowledge: vendor.link().optional(),
  acknowledgeWithComment: vendor.link().optional(),
  process: vendor.link().optional(),
  processWithComment: vendor.link().optional(),
  forceProcess: vendor.link().optional(),
});

/** cc_rest.yaml: AlarmHistoryEntry. */
const historyEntry = vendor.object({
  time: vendor.dateTime(),
  action: z.enum(['legacy', 'comment', 'acknowledge', 'process', 'acknowledgeActive', 'escalated', 'viewed']),
  comment: z.string().optional(),
  operator: vendor.object({ name: z.string() }).optional(),
});

/** cc_rest.yaml: AlarmDetail: the summary plus details (≤ 2,048 characters), history, instruction, cardholder. */
export const alarmDetail = alarmSummary.extend({
  details: z.string().max(2_048).optional(),
  history: z.array(historyEntry).optional(),
  instruction: vendor.object({ href: vendor.href().optional(), name: z.string().optional() }).optional(),
  cardholder: vendor.object({ href: vendor.href(), name: z.string().optional(), firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

/** cc_rest.yaml: AlarmSearch: either `next` (more to read) or `updates` (all read), never both. */
export const alarmSearch = vendor
  .object({ alarms: z.array(alarmSummary), next: vendor.link().optional(), updates: vendor.link().optional() })
  .refine((page) => (page.next === undefined) !== (page.updates === undefined), 'an alarm page has either next or updates');

/** cc_rest.yaml: AlarmUpdates. */
export const alarmUpdates = vendor.object({ updates: z.array(alarmSummary), next: vendor.link() });

const zoneBlock = vendor.object({ href: vendor.href().optional(), name: z.string(), id: z.string().optional() });

/** cc_rest.yaml: EventSummary. */
export const eventSummary = vendor.object({
  href: vendor.href(),
  id: vendor.id(),
  serverDisplayName: z.string().optional(),
  time: vendor.dateTime(),
  message: z.string(),
  occurrences: z.number().int().min(2).optional(),
  priority: PRIORITY,
  alarm: vendor.object({ state: ALARM_STATE, href: vendor.href() }).optional(),
  operator: vendor.object({ href: vendor.href().optional(), name: z.string().optional() }).optional(),
  source: vendor.object({ id: vendor.id(), name: z.string(), href: vendor.href().optional() }),
  group: idName,
  type: idName,
  eventType: idName.optional(),
  division: vendor.object({ id: vendor.id(), href: vendor.href(), name: z.string().optional() }),
  cardholder: vendor.object({ href: vendor.href(), id: vendor.id(), name: z.string() }).optional(),
  entryAccessZone: zoneBlock.optional(),
  exitAccessZone: zoneBlock.optional(),
  door: vendor.object({ href: vendor.href().optional(), name: z.string() }).optional(),
  card: vendor.object({ facilityCode: z.string().optional(), number: z.string().optional(), issueLevel: z.number().int().optional() }).optional(),
  next: vendor.link().optional(),
  previous: vendor.link().optional(),
  updates: vendor.link().optional(),
});

/** cc_rest.yaml: EventDetail adds details (≤ 2,048 characters) and lastOccurrenceTime. */
export const eventDetail = eventSummary.extend({ details: z.string().max(2_048).optional(), lastOccurrenceTime: vendor.dateTime().optional() });

/** cc_rest.yaml: EventSearch; /api/events: "Each response will contain a `next` and an `updates` link". */
export const eventSearch = vendor.object({
  events: z.array(eventSummary),
  previous: vendor.link().optional(),
  next: vendor.link(),
  updates: vendor.link(),
});

/** cc_rest.yaml: EventGroups. */
export const eventGroups = vendor.object({
  eventGroups: z.array(
    vendor.object({
      id: vendor.id(),
      name: z.string(),
      eventTypes: z.array(vendor.object({ href: vendor.href().optional(), id: vendor.id(), name: z.string() })),
    }),
  ),
});
