import type { ItemKind } from '../../../../shared/domain';

/**
 * Commands that take protection away or lock people in: the operator confirms them first (product
 * design: lockdown, fence off, input isolate and shunts).
 */
export function needsConfirmation(kind: ItemKind, command: string): boolean {
  if (command === 'lockDown' || command === 'shunt' || command === 'isolate') return true;
  return kind === 'fenceZone' && command === 'off';
}
