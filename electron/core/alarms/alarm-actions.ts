import type { AlarmActRequest, AlarmActResult, AlarmFeed } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { postAlarmAction, type ServerAlarm } from '../api/alarms';
import type { AuditLog } from '../offline/audit-log';
import { audited, failureOutcome } from '../offline/audited';
import type { FollowedSite } from './alarm-follower';

type Action = AlarmActRequest['action'];
type Outcome = AlarmActResult['results'][number];

export interface ActingOn {
  site: FollowedSite;
  feed(): AlarmFeed;
  alarm(id: string): ServerAlarm | undefined;
  /** The alarm's source as the audit log names it (the board item when the board holds it). */
  sourceOf(alarm: ServerAlarm): { href: string; name: string };
  audit?: AuditLog | undefined;
}

const VERB: Record<Action, string> = { comment: 'a note added to', acknowledge: 'acknowledged', process: 'processed', forceProcess: 'force-processed' };

/**
 * The alarm's own link for the action (cc_rest.yaml: AlarmSummary's links): the `…WithComment` one
 * when a note is given. Absent: a DeskError saying why in the operator's words; never a guessed URL.
 */
export function linkFor(alarm: ServerAlarm, action: Action, comment: string | undefined): string {
  const refuse = (why: string) => new DeskError('bad-request', `This alarm cannot be ${VERB[action]}: ${why}`);
  switch (action) {
    case 'comment':
      if (!comment) throw new DeskError('bad-request', 'Type a note to add to the alarm');
      if (!alarm.comment) throw refuse('the server offers no note link for it');
      return alarm.comment.href;
    case 'acknowledge': {
      const link = comment ? alarm.acknowledgeWithComment : alarm.acknowledge;
      if (link) return link.href;
      if (!alarm.acknowledgeWithComment) throw refuse('it is already acknowledged');
      throw refuse('the server requires a note to acknowledge it');
    }
    case 'process': {
      const link = comment ? alarm.processWithComment : alarm.process;
      if (link) return link.href;
      if (alarm.forceProcess || alarm.active) throw refuse('it is still active (force-process it, if you hold that privilege)');
      if (alarm.processWithComment) throw refuse('the server requires a note to process it');
      throw refuse('the server offers no process link for it');
    }
    case 'forceProcess':
      if (alarm.forceProcess) return alarm.forceProcess.href;
      throw refuse(alarm.active ? 'this operator lacks the Force process privilege' : 'it is not active (process it instead)');
  }
}

/**
 * Acts on one or more alarms through their own links, one after another, each recorded in the audit
 * log with its outcome. Refused outright (and recorded so) while the queue is not live: an action is
 * never queued to go later, when the alarm may mean something else.
 */
export async function actOnAlarms(request: AlarmActRequest, on: ActingOn): Promise<AlarmActResult> {
  const feed = on.feed();
  if (!feed.live) {
    const error = new DeskError('offline', `Not connected to the server's alarms: nothing was sent. ${feed.reason ? `${feed.reason}. ` : ''}Try again once connected.`);
    for (const id of request.ids) record(on, id, request, () => Promise.reject(error)).catch(() => undefined);
    throw error;
  }
  const results: Outcome[] = [];
  for (const id of new Set(request.ids)) results.push(await actOnOne(on, id, request));
  return { results };
}

async function actOnOne(on: ActingOn, id: string, request: AlarmActRequest): Promise<Outcome> {
  try {
    await record(on, id, request, async (alarm) => {
      if (!alarm) throw new DeskError('not-found', 'That alarm is no longer in the queue (processed, or not visible to this desk)');
      const href = linkFor(alarm, request.action, request.comment);
      await on.site.read((transport) => postAlarmAction(transport, href, request.comment));
    });
    return { id, outcome: 'done' };
  } catch (err) {
    const { outcome, outcomeText } = failureOutcome(err);
    return { id, outcome: outcome === 'refused' ? 'refused' : 'failed', text: outcomeText };
  }
}

function record(on: ActingOn, id: string, request: AlarmActRequest, run: (alarm: ServerAlarm | undefined) => Promise<void>): Promise<void> {
  const alarm = on.alarm(id);
  const item = alarm ? on.sourceOf(alarm) : { href: '', name: 'an alarm no longer in the queue' };
  return audited(
    on.audit,
    {
      kind: 'alarm.acted',
      alarm: id,
      item,
      alarmKind: alarm?.eventType?.name ?? alarm?.type ?? alarm?.message ?? 'Alarm',
      action: request.action,
      ...(request.comment ? { note: request.comment } : {}),
    },
    () => run(alarm),
  );
}
