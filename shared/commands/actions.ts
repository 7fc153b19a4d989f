import type { ItemKind } from '../domain';
import { commandsFor, describeCommand, type CommandInfo } from './command-descriptions';

/**
 * One thing the operator can choose in the override dialog, with the keys of its variants that the
 * server offered: "Free" with a PIN toggle and an "until" choice is one action, up to four keys.
 */
export interface OfferedAction {
  action: string;
  label: string;
  plain?: CommandInfo;
  pin?: CommandInfo;
  until?: CommandInfo;
  pinUntil?: CommandInfo;
  confirm?: string;
  takesZoneCount: boolean;
  known: boolean;
}

export interface VariantChoice {
  pin: boolean;
  /** True when the operator gave an end time rather than "until the next scheduled change". */
  until: boolean;
}

/**
 * Groups the keys of an item's `commands` map into actions, in the order of the command descriptions, unknown keys
 * last. Only offered keys appear: nothing is shown that the server did not offer.
 */
export function offeredActions(kind: ItemKind, offeredKeys: readonly string[]): OfferedAction[] {
  const offered = new Set(offeredKeys);
  const known = commandsFor(kind).filter((c) => offered.has(c.key));
  const unknown = offeredKeys.filter((k) => !known.some((c) => c.key === k)).map((k) => describeCommand(kind, k));

  const actions = new Map<string, OfferedAction>();
  for (const info of [...known, ...unknown]) {
    let action = actions.get(info.action);
    if (!action) {
      action = { action: info.action, label: info.label, takesZoneCount: info.takesZoneCount, known: info.known };
      if (info.confirm) action.confirm = info.confirm;
      actions.set(info.action, action);
    }
    action[slotOf(info)] = info;
    // The action is named after its plainest offered variant, not "… with PIN until…".
    if (slotOf(info) === 'plain') action.label = info.label;
  }
  return [...actions.values()];
}

function slotOf(info: CommandInfo): 'plain' | 'pin' | 'until' | 'pinUntil' {
  if (info.untilOf) return info.pin ? 'pinUntil' : 'until';
  return info.pin ? 'pin' : 'plain';
}

/** The key to send for the operator's choice, or undefined when the server did not offer that variant. */
export function chooseVariant(action: OfferedAction, choice: VariantChoice): CommandInfo | undefined {
  if (choice.pin) return choice.until ? action.pinUntil : action.pin;
  return choice.until ? action.until : action.plain;
}
