import type { AlarmDetail } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { readAlarmDetail, readInstruction, type ServerAlarm } from '../api/alarms';
import type { FollowedSite } from './alarm-follower';
import { alarmSummary } from './alarm-queue';
import { sanitiseInstruction } from './sanitise-instruction';

/**
 * One alarm as its detail shows it: the server's detail (history, details, cardholder) and its
 * instruction page, fetched with the desk's credentials and sanitised here, in main, before the
 * renderer sees a byte of it.
 */
export async function alarmDetail(site: FollowedSite, alarm: ServerAlarm | undefined, itemHref: (href: string | undefined) => string | undefined): Promise<AlarmDetail> {
  if (!alarm) throw new DeskError('not-found', 'That alarm is no longer in the queue (processed, or not visible to this desk)');
  return site.read(async (transport, discovery) => {
    const detail = await readAlarmDetail(transport, alarm.href, discovery.version);
    const instructionHref = detail.instruction?.href;
    const html = instructionHref ? sanitiseInstruction(await readInstruction(transport, instructionHref)) : undefined;
    return {
      ...alarmSummary(detail, itemHref),
      ...(detail.details ? { details: detail.details } : {}),
      history: (detail.history ?? []).map((h) => ({
        time: h.time,
        action: h.action,
        ...(h.comment ? { comment: h.comment } : {}),
        ...(h.operator?.name ? { operator: h.operator.name } : {}),
      })),
      ...(html !== undefined ? { instruction: { html, ...(detail.instruction?.name ? { name: detail.instruction.name } : {}) } } : {}),
      ...(detail.cardholder?.name ? { cardholder: detail.cardholder.name } : {}),
    };
  });
}
