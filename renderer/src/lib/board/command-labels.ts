import type { ItemKind } from '../../../../shared/domain';

/** Labels for the spec's command keys where splitting the camel case would read badly. */
const LABELS: Record<string, string> = {
  lockDown: 'Lock down',
  cancelLockDown: 'Cancel lockdown',
  codeOnly: 'Code only',
  codeOnlyPin: 'Code only with PIN',
  dualAuth: 'Dual authorisation',
  dualAuthPin: 'Dual authorisation with PIN',
  freePin: 'Free with PIN',
  securePin: 'Secure with PIN',
  forgiveAntiPassback: 'Forgive anti-passback',
  setZoneCount: 'Set zone count',
  highVoltage: 'High voltage',
  lowFeel: 'Low feel',
  user1: 'User 1',
  user2: 'User 2',
  deisolate: 'De-isolate',
};

/** A button label for a command key: "open" → "Open", "freePinUntil" → "Free with PIN until…". */
export function commandLabel(command: string): string {
  const until = command.endsWith('Until') && command !== 'Until';
  const base = until ? command.slice(0, -'Until'.length) : command;
  const words = LABELS[base] ?? splitCamel(base);
  return until ? `${words} until…` : words;
}

function splitCamel(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Commands that need more than a press (an end time, a number): sent from the override dialog, not a bare button. */
export function needsDetails(command: string): boolean {
  return command.endsWith('Until') || command === 'setZoneCount';
}

const NOUNS: Record<ItemKind, string> = {
  door: 'door',
  accessZone: 'access zone',
  alarmZone: 'alarm zone',
  fenceZone: 'fence zone',
  input: 'input',
  interlockGroup: 'interlock group',
  macro: 'macro',
};

export function kindNoun(kind: ItemKind): string {
  return NOUNS[kind];
}

/** What the panel says once main accepted a command: the board changes only when the item reports. */
export function sentMessage(kind: ItemKind): string {
  return `Sent — waiting for the ${NOUNS[kind]} to report`;
}
