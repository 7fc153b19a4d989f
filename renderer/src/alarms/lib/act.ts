import type { AlarmActResult } from '../../../../shared/contract/alarms';
import { DeskError } from '../../../../shared/errors';
import { errorWords, plainWords } from '../../../../shared/words/plain-words';
import type { RendererDesk } from '../../lib/desk';
import type { AlarmAction } from './alarm-actions';

/**
 * Sends one action for the chosen alarms and answers each alarm's outcome. A call main refuses as a
 * whole (not live, bad request) comes back as that refusal for every alarm, in main's words. Nothing
 * on screen changes state here: the rows change when `alarms.changed` says the server changed them.
 */
export async function actOn(desk: RendererDesk, ids: readonly string[], action: AlarmAction, comment?: string): Promise<AlarmActResult['results']> {
  const note = comment?.trim();
  try {
    const answer = await desk.call('alarms.act', { ids: [...ids], action, ...(note ? { comment: note } : {}) });
    return answer.results;
  } catch (err) {
    const text = err instanceof DeskError ? plainWords(err.message) : errorWords(err);
    return ids.map((id) => ({ id, outcome: 'refused' as const, text }));
  }
}
