import type { Operator } from '../auth/operator';
import type { AlarmRecord } from '../events/alarm-book';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { EDIT_ALARMS, FORCE_PROCESS, representAlarm, VIEW_EVENTS } from './alarm-representation';
import { parseFields } from './fields';
import type { Links } from './links';

/** cc_rest.yaml /api/alarms: "no more than 100 alarms"; /api/alarms/updates: "100 is the maximum number of updates". */
const PAGE = 100;
const MAX_COMMENT = 2_048;

export interface AlarmsContext {
  world: World;
  links: Links;
  operator: Operator;
  /** The name alarm history gives the operator (their cardholder's). */
  operatorName: string;
  /** Longest an updates call waits for a change (the site's hold, shorter in tests). */
  holdMs: number;
}

export const EVENTS_LICENCE_REFUSAL = 'The site is not licensed for RESTEvents';

/** The alarms controller (cc_rest.yaml tag Alarms): the list, updates, an alarm's detail, instructions and actions. */
export async function serveAlarms(exchange: Exchange, ctx: AlarmsContext, rest: string[]): Promise<void> {
  const { world } = ctx;
  if (!world.hasLicence('RESTEvents')) return exchange.error(403, EVENTS_LICENCE_REFUSAL);
  const isGet = exchange.method === 'GET';
  if (rest.length === 0) return isGet ? serveList(exchange, ctx) : exchange.error(405, 'Method not allowed');
  if (rest.length === 1 && rest[0] === 'updates') return isGet ? serveUpdates(exchange, ctx) : exchange.error(405, 'Method not allowed');

  const alarm = world.journal.alarms.get(rest[0]!);
  // cc_rest.yaml 404alarm: not the href of an alarm, or no privilege for it.
  if (!alarm || !ctx.operator.can(VIEW_EVENTS, alarm.event.division)) return exchange.error(404, 'Not found');
  if (rest.length === 1) {
    if (!isGet) return exchange.error(405, 'Method not allowed');
    return exchange.json(200, representAlarm(alarm, 'detail', parseFields(exchange.url.searchParams.get('fields')), world, ctx.links, ctx.operator));
  }
  if (rest.length === 2 && rest[1] === 'instructions' && isGet) {
    const instruction = alarm.settings.instruction;
    if (!instruction) return exchange.error(404, 'Not found');
    return exchange.send(200, instructionPage(instruction.name, instruction.html), { 'content-type': 'text/html; charset=utf-8' });
  }
  if (rest.length === 2 && exchange.method === 'POST' && ['view', 'comment', 'acknowledge', 'process'].includes(rest[1]!)) {
    return act(exchange, ctx, alarm, rest[1] as 'view' | 'comment' | 'acknowledge' | 'process');
  }
  return exchange.error(404, 'Not found');
}

/**
 * `GET /api/alarms`: unprocessed alarms the operator may see, in arrival order, 100 a page. The first
 * page fixes `start`, the change the list was read at; the last page's `updates` link starts there, so
 * nothing that changed while the client paged is lost.
 */
function serveList(exchange: Exchange, ctx: AlarmsContext): void {
  const { world, links, operator } = ctx;
  const book = world.journal.alarms;
  const q = exchange.url.searchParams;
  const start = (q.get('start') !== null ? book.readBookmark(q.get('start')!) : undefined) ?? book.changeSeq;
  const pos = Number(q.get('pos') ?? '0') || 0;
  const fields = parseFields(q.get('fields'));
  const page: AlarmRecord[] = [];
  let more = false;
  for (const alarm of book.unprocessedAfter(pos)) {
    if (!operator.can(VIEW_EVENTS, alarm.event.division)) continue;
    if (page.length === PAGE) {
      more = true;
      break;
    }
    page.push(alarm);
  }
  const alarms = page.map((a) => representAlarm(a, 'summary', fields, world, links, operator));
  const keep = new URLSearchParams();
  if (q.get('fields') !== null) keep.set('fields', q.get('fields')!);
  if (more) {
    const next = new URLSearchParams(keep);
    next.set('start', book.bookmark(start));
    next.set('pos', String(page[page.length - 1]!.event.seq));
    return exchange.json(200, { alarms, next: { href: `${links.href('/api/alarms')}?${next.toString()}` } });
  }
  const updates = new URLSearchParams(keep);
  updates.set('id', book.bookmark(start));
  exchange.json(200, { alarms, updates: { href: `${links.href('/api/alarms/updates')}?${updates.toString()}` } });
}

/**
 * `GET /api/alarms/updates` (cc_rest.yaml): each alarm the operator may see that changed after the
 * bookmark, once, in its current state, oldest change first, at most 100 (100 means "behind, ask
 * again"). Nothing changed: wait for a change or the hold, then answer what there is (maybe nothing).
 * Without a bookmark (the discovery link) it starts from now. A bookmark this server did not hand out
 * is answered 404: the client re-reads the list (docs/server-interface.md §Alarms).
 */
async function serveUpdates(exchange: Exchange, ctx: AlarmsContext): Promise<void> {
  const { world, links, operator } = ctx;
  const book = world.journal.alarms;
  const q = exchange.url.searchParams;
  const given = q.get('id');
  const since = given === null ? book.changeSeq : book.readBookmark(given);
  if (since === undefined) {
    return exchange.error(404, 'That alarm updates bookmark is not known to this server: read the alarm list again');
  }
  const fields = parseFields(q.get('fields'));
  const answer = () => {
    const visible: AlarmRecord[] = [];
    let reached = book.changeSeq;
    for (const alarm of book.changedSince(since)) {
      if (!operator.can(VIEW_EVENTS, alarm.event.division)) continue;
      if (visible.length === PAGE) {
        reached = visible[visible.length - 1]!.changeSeq;
        break;
      }
      visible.push(alarm);
    }
    return { visible, reached };
  };

  let result = answer();
  if (result.visible.length === 0) {
    const abort = new AbortController();
    exchange.onAbort(() => abort.abort());
    const deadline = Date.now() + ctx.holdMs;
    while (result.visible.length === 0 && Date.now() < deadline) {
      const outcome = await book.feed.wait(deadline - Date.now(), abort.signal);
      if (outcome === 'stopped' || exchange.done) return;
      result = answer();
    }
  }
  const next = new URLSearchParams();
  if (q.get('fields') !== null) next.set('fields', q.get('fields')!);
  next.set('id', book.bookmark(result.reached));
  exchange.json(200, {
    updates: result.visible.map((a) => representAlarm(a, 'summary', fields, world, links, operator)),
    next: { href: `${links.href('/api/alarms/updates')}?${next.toString()}` },
  });
}

/**
 * POST to an action link, with an optional `{"comment"}` (cc_rest.yaml AlarmUpdateRequest): 200 and no
 * body. 403 without 'Edit Alarms', or without 'Force Process' to process an active alarm; 400 when the
 * kind's notes are mandatory and no comment came (the vendor gives only the `…WithComment` link then).
 */
async function act(exchange: Exchange, ctx: AlarmsContext, alarm: AlarmRecord, action: 'view' | 'comment' | 'acknowledge' | 'process'): Promise<void> {
  const { operator } = ctx;
  const division = alarm.event.division;
  if (!operator.can(EDIT_ALARMS, division)) return exchange.error(403, "The operator lacks the 'Edit Alarms' privilege for this alarm");
  const body = await readComment(exchange);
  if ('refusal' in body) return exchange.error(400, body.refusal);
  const comment = body.comment;
  const book = ctx.world.journal.alarms;
  const who = ctx.operatorName;
  const needsNote = alarm.settings.mandatoryNotes === true && alarm.state !== 'processed';
  switch (action) {
    case 'view':
      book.note(alarm, 'viewed', who, comment);
      break;
    case 'comment':
      if (comment === undefined) return exchange.error(400, 'A comment needs some text');
      book.note(alarm, 'comment', who, comment);
      break;
    case 'acknowledge':
      if (needsNote && alarm.state === 'unacknowledged' && comment === undefined) return exchange.error(400, 'This alarm needs a note to be acknowledged');
      book.acknowledge(alarm, who, comment);
      break;
    case 'process':
      if (alarm.active && alarm.state !== 'processed' && !operator.can(FORCE_PROCESS, division)) {
        return exchange.error(403, "The alarm is still active: processing it needs the 'Force Process' privilege");
      }
      if (needsNote && comment === undefined) return exchange.error(400, 'This alarm needs a note to be processed');
      book.process(alarm, who, comment);
      break;
  }
  exchange.empty(200);
}

async function readComment(exchange: Exchange): Promise<{ comment?: string } | { refusal: string }> {
  const text = await exchange.bodyText().catch(() => undefined);
  if (text === undefined) return { refusal: 'The request body could not be read' };
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { refusal: 'The request body is not valid JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refusal: 'The request body must be a JSON object' };
  const comment = (body as Record<string, unknown>).comment;
  if (comment === undefined || comment === null) return {};
  if (typeof comment !== 'string') return { refusal: 'comment must be text' };
  if (comment.length > MAX_COMMENT) return { refusal: `comment is longer than ${MAX_COMMENT} characters` };
  return comment.trim() === '' ? {} : { comment };
}

/** The instruction body inside an HTML document (cc_rest.yaml AlarmDetail.instruction). */
function instructionPage(name: string, html: string): string {
  const title = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body>${html}</body></html>\n`;
}
