import type { Operator } from '../auth/operator';
import type { AlarmRecord } from '../events/alarm-book';
import type { World } from '../model/world';
import type { FieldRequest } from './fields';
import { cardholderBlock, isoTime, itemBlock } from './event-items';
import type { Links } from './links';

/** cc_rest.yaml: AlarmSummary's fields as a summary gives them without `fields`. */
const SUMMARY_DEFAULTS = ['href', 'id', 'time', 'message', 'source', 'type', 'priority', 'state', 'active', 'division', 'notePresets',
  'view', 'comment', 'acknowledgeWithComment', 'acknowledge', 'processWithComment', 'process', 'forceProcess'];
/** Every field this server can give, in the order it writes them. */
const FIELD_ORDER = ['href', 'id', 'time', 'message', 'source', 'type', 'eventType', 'priority', 'state', 'active', 'division', 'event', 'notePresets', 'view', 'comment', 'acknowledgeWithComment', 'acknowledge', 'processWithComment', 'process', 'forceProcess', 'details', 'history', 'instruction', 'cardholder'];
/** AlarmDetail adds these. */
const DETAIL_DEFAULTS = [...SUMMARY_DEFAULTS, 'details', 'history', 'instruction', 'cardholder'];

/** Privileges that let an operator see an event or alarm (rest_training.adoc: operator privileges table). */
export const VIEW_EVENTS = ['View Events and Alarms', 'Edit Alarms'];
/** Acknowledge, process, mark viewed. */
export const EDIT_ALARMS = ['Edit Alarms'];
/** Process an active alarm (cc_rest.yaml: AlarmSummary.active). */
export const FORCE_PROCESS = ['Force Process'];

/**
 * One alarm as the alarms controller gives it. The action links follow the alarm's state, the kind's
 * mandatory notes and the operator's privileges: acknowledge links until acknowledged, process links
 * once it can be processed (not while active), `forceProcess` only while active; without mandatory
 * notes the plain links come with the `…WithComment` ones (both point at the same href).
 */
export function representAlarm(
  alarm: AlarmRecord,
  view: 'summary' | 'detail',
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  operator: Operator,
): Record<string, unknown> {
  const e = alarm.event;
  const v = world.version;
  const href = links.href(`/api/alarms/${e.id}`);
  const link = (segment: string) => ({ href: `${href}/${segment}` });
  const canEdit = operator.can(EDIT_ALARMS, e.division);
  const mandatory = alarm.settings.mandatoryNotes === true;
  const processed = alarm.state === 'processed';
  const canAcknowledge = canEdit && alarm.state === 'unacknowledged';
  const canProcess = canEdit && !processed && !alarm.active;
  const canForce = canEdit && !processed && alarm.active && operator.can(FORCE_PROCESS, e.division);
  const instruction = alarm.settings.instruction;

  // One switch, not a record of closures per alarm: a page of 100 alarms is built many times a second under a flood.
  const value = (name: string): unknown => {
    switch (name) {
      case 'href':
        return href;
      case 'id':
        return e.id;
      case 'time':
        return isoTime(e.time);
      case 'message':
        return e.message;
      // id and href of the source arrived in 8.10.
      case 'source':
        return v.atLeast('8.10') ? itemBlock(e.source, links) : { name: e.source.name };
      case 'type':
        return e.kind.name;
      case 'eventType':
        return v.atLeast('8.90') ? { id: e.kind.typeId, name: e.kind.name } : undefined;
      case 'priority':
        return e.priority;
      case 'state':
        return alarm.state;
      case 'active':
        return alarm.active;
      case 'division':
        return links.divisionRef(e.division);
      case 'event':
        return v.atLeast('8.90') ? { href: links.href(`/api/events/${e.id}`) } : undefined;
      case 'notePresets':
        return alarm.settings.notePresets?.length ? [...alarm.settings.notePresets] : undefined;
      case 'view':
        return canEdit ? link('view') : undefined;
      case 'comment':
        return canEdit ? link('comment') : undefined;
      case 'acknowledgeWithComment':
        return canAcknowledge ? link('acknowledge') : undefined;
      case 'acknowledge':
        return canAcknowledge && !mandatory ? link('acknowledge') : undefined;
      case 'processWithComment':
        return canProcess ? link('process') : undefined;
      case 'process':
        return canProcess && !mandatory ? link('process') : undefined;
      case 'forceProcess':
        return canForce ? link('process') : undefined;
      case 'details':
        return e.details ?? e.message;
      case 'history':
        if (alarm.history.length === 0) return undefined;
        return alarm.history.map((h) => ({
          time: isoTime(h.time),
          action: h.action,
          ...(h.comment !== undefined ? { comment: h.comment } : {}),
          ...(h.operator ? { operator: { name: h.operator } } : {}),
        }));
      case 'instruction': {
        if (!instruction) return undefined;
        const block: Record<string, string> = {};
        // 9.10: the name only when asked for (`instruction.name`), the href then only if asked too.
        const named = v.atLeast('9.10') && fields?.names.has('instruction.name');
        if (!named || fields?.names.has('instruction.href') || fields?.names.has('instruction')) block.href = `${href}/instructions`;
        if (named) block.name = instruction.name;
        return block;
      }
      case 'cardholder':
        return e.cardholder ? cardholderBlock(e.cardholder, links) : undefined;
      default:
        return undefined;
    }
  };
  return pick(value, view === 'detail' ? DETAIL_DEFAULTS : SUMMARY_DEFAULTS, fields, world);
}

/** `fields` from 8.40 (cc_rest.yaml: alarmfields "New to 8.40"); `instruction.*` asks for the instruction. */
function pick(value: (name: string) => unknown, defaults: string[], fields: FieldRequest | undefined, world: World): Record<string, unknown> {
  const request = world.version.atLeast('8.40') ? fields : undefined;
  const wanted = new Set<string>(request ? [...request.names].map((n) => (n.startsWith('instruction.') ? 'instruction' : n)) : defaults);
  if (request?.defaults) for (const f of defaults) wanted.add(f);
  const out: Record<string, unknown> = {};
  for (const name of FIELD_ORDER) {
    if (!wanted.has(name)) continue;
    const given = value(name);
    if (given !== undefined) out[name] = given;
  }
  return out;
}
