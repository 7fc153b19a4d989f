import type { AlarmActRequest, AlarmSummary } from '../../../../shared/contract/alarms';

export type AlarmAction = AlarmActRequest['action'];

/** One action the operator can take on the chosen alarms, and whether a note must come with it. */
export interface ActionOffer {
  action: AlarmAction;
  label: string;
  /** Only the `…WithComment` link is there on at least one of them: the server requires a note. */
  noteRequired: boolean;
  /** A note may be added (the `…WithComment` link is there on every one). */
  noteAllowed: boolean;
}

const LABEL: Record<AlarmAction, string> = {
  acknowledge: 'Acknowledge',
  process: 'Process',
  forceProcess: 'Force process',
  comment: 'Add a note',
};

/**
 * What can be done to every one of these alarms, from the server's links on each: an action is offered
 * exactly when each alarm carries its link (plain or with comment); where any of them carries only the
 * `…WithComment` link a note is required for all. Force-process only where `forceProcess` is on each.
 */
export function offersFor(alarms: readonly Pick<AlarmSummary, 'actions'>[]): ActionOffer[] {
  if (alarms.length === 0) return [];
  const all = (link: AlarmSummary['actions'][number]) => alarms.every((a) => a.actions.includes(link));
  const offers: ActionOffer[] = [];
  for (const action of ['acknowledge', 'process'] as const) {
    const plain = all(action);
    const withNote = all(`${action}WithComment`);
    const eachHasOne = alarms.every((a) => a.actions.includes(action) || a.actions.includes(`${action}WithComment`));
    if (!eachHasOne) continue;
    offers.push({ action, label: LABEL[action], noteRequired: !plain, noteAllowed: withNote });
  }
  if (all('forceProcess')) offers.push({ action: 'forceProcess', label: LABEL.forceProcess, noteRequired: false, noteAllowed: true });
  if (all('comment')) offers.push({ action: 'comment', label: LABEL.comment, noteRequired: true, noteAllowed: true });
  return offers;
}

/** An offer whose note is required but whose `…WithComment` link is missing on one alarm cannot be sent at all. */
export function sendable(offer: ActionOffer): boolean {
  return !offer.noteRequired || offer.noteAllowed;
}
