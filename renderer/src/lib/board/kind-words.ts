import type { ItemKind } from '../../../../shared/domain';

const NOUNS: Record<ItemKind, string> = {
  door: 'door',
  accessZone: 'access zone',
  alarmZone: 'alarm zone',
  fenceZone: 'fence zone',
  input: 'input',
  interlockGroup: 'interlock group',
  macro: 'macro',
  output: 'output',
};

/** The item's type in words, for the type filter and the panel. */
export function kindNoun(kind: ItemKind): string {
  return NOUNS[kind];
}
