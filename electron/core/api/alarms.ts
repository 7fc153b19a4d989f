import { z } from 'zod';
import type { AlarmActionLink } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { versionAtLeast } from '../../../shared/version';
import type { Transport } from './transport';

/**
 * The server's alarms (RESTEvents licence): the list, one alarm's detail, its actions and the updates
 * long-poll (docs/server-interface.md §Alarms). Every field beyond the identity is optional, as the
 * vendor's reference marks them; a field that is present must have the documented shape.
 */

const Href = z.object({ href: z.string() });

/** The action links the desk may follow; `view` is the server's too, but the desk never marks an alarm viewed for the operator. */
export const ACTION_LINKS = ['comment', 'acknowledge', 'acknowledgeWithComment', 'process', 'processWithComment', 'forceProcess'] as const satisfies readonly AlarmActionLink[];

export const ServerAlarm = z.object({
  href: z.string(),
  id: z.string(),
  time: z.string(),
  message: z.string().default(''),
  source: z.object({ id: z.string().optional(), name: z.string().optional(), href: z.string().optional() }).optional(),
  /** The event type's name; deprecated (8.90) in favour of `eventType`. */
  type: z.string().optional(),
  /** 8.90, only through `fields`. */
  eventType: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
  priority: z.number().int().min(0).max(9),
  state: z.enum(['unacknowledged', 'acknowledged', 'processed']),
  active: z.boolean().default(false),
  division: Href.optional(),
  notePresets: z.array(z.string()).optional(),
  view: Href.optional(),
  comment: Href.optional(),
  acknowledge: Href.optional(),
  acknowledgeWithComment: Href.optional(),
  process: Href.optional(),
  processWithComment: Href.optional(),
  forceProcess: Href.optional(),
});
export type ServerAlarm = z.infer<typeof ServerAlarm>;

export const ServerAlarmDetail = ServerAlarm.extend({
  /** Up to 2,048 characters. */
  details: z.string().optional(),
  history: z
    .array(
      z.object({
        time: z.string(),
        action: z.string(),
        comment: z.string().optional(),
        operator: z.object({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  /** An HTML page; `name` from 9.10. */
  instruction: z.object({ href: z.string().optional(), name: z.string().optional() }).optional(),
  cardholder: z.object({ href: z.string().optional(), name: z.string().optional() }).optional(),
  event: Href.optional(),
});
export type ServerAlarmDetail = z.infer<typeof ServerAlarmDetail>;

/** A page of the list: `next` while there are more; the last page carries `updates` instead. */
const AlarmListPage = z.object({ alarms: z.array(ServerAlarm).default([]), next: Href.optional(), updates: Href.optional() });
const AlarmUpdates = z.object({ updates: z.array(ServerAlarm).default([]), next: Href });

/** The server holds an updates call about 30 s; the desk gives it this long before calling it lost. */
export const ALARM_POLL_TIMEOUT_MS = 90_000;
/** A batch this size means more are waiting: ask again at once (cc_rest.yaml: GET /api/alarms/updates). */
export const ALARM_BATCH_LIMIT = 100;
/** The list holds at most this many a page; a page fuller than that is not the server interface. */
const LIST_PAGE_LIMIT = 100;

/**
 * `eventType` comes only when asked for (8.90); `defaults` keeps every field (and action link) the
 * server would give without `fields`. Before 8.90 the desk asks for nothing, so nothing is lost.
 */
export function alarmFields(version: string): Record<string, string> {
  return versionAtLeast(version, '8.90') ? { fields: 'defaults,eventType' } : {};
}

/** Every unprocessed alarm the operator may see, the list paged to its end, and the updates link it ends with. */
export async function readAlarmList(transport: Transport, href: string, version: string, signal?: AbortSignal): Promise<{ alarms: ServerAlarm[]; updates: string }> {
  const what = 'The alarm list';
  const alarms: ServerAlarm[] = [];
  let page = await transport.getJson(href, AlarmListPage, what, { query: alarmFields(version), signal });
  // The server's `next` already carries the fields asked for; a list longer than any site holds is refused rather than followed for ever.
  for (let pages = 1; ; pages++) {
    if (page.alarms.length > LIST_PAGE_LIMIT) throw tooMany(what);
    alarms.push(...page.alarms);
    if (!page.next) break;
    if (pages >= 10_000) throw tooMany(what);
    page = await transport.getJson(page.next.href, AlarmListPage, what, { signal });
  }
  if (!page.updates) throw new DeskError('invalid-response', `${what}: the last page gave no updates link to follow`);
  return { alarms, updates: page.updates.href };
}

/** One long-poll for alarms changed since the bookmark; `next` is the new bookmark. */
export async function readAlarmUpdates(transport: Transport, bookmark: string, signal?: AbortSignal): Promise<{ alarms: ServerAlarm[]; next: string }> {
  const answer = await transport.getJson(bookmark, AlarmUpdates, 'The alarm updates', { watch: true, timeoutMs: ALARM_POLL_TIMEOUT_MS, signal });
  return { alarms: answer.updates, next: answer.next.href };
}

export function readAlarmDetail(transport: Transport, href: string, version: string): Promise<ServerAlarmDetail> {
  const fields = versionAtLeast(version, '9.10') ? { fields: 'defaults,eventType,instruction.href,instruction.name' } : alarmFields(version);
  return transport.getJson(href, ServerAlarmDetail, 'The alarm', { query: fields });
}

/** The instruction page, as the server gives it (HTML; sanitised before anything shows it). */
export function readInstruction(transport: Transport, href: string): Promise<string> {
  return transport.getText(href, "The alarm's instructions");
}

/** POST to one of the alarm's own action links; 200 with no body. Never retried: it may have reached the server. */
export async function postAlarmAction(transport: Transport, href: string, comment: string | undefined): Promise<void> {
  await transport.post(href, comment === undefined ? {} : { comment }, 'The alarm action');
}

/** The action links present on an alarm: exactly what the operator may do. */
export function actionsOf(alarm: ServerAlarm): AlarmActionLink[] {
  return ACTION_LINKS.filter((name) => alarm[name] !== undefined);
}

function tooMany(what: string): DeskError {
  return new DeskError('invalid-response', `${what}: the server sent more alarms than its interface allows in one answer`);
}
