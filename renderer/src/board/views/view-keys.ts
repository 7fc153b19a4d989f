import type { BoardView } from '../../../../shared/contract/layout';

/** Each view, its name on the switch and its key. KeyLegend lists them too: change both together. */
export const VIEW_KEYS: readonly { view: BoardView; key: string; label: string }[] = [
  { view: 'overview', key: '1', label: 'Overview' },
  { view: 'tiles', key: '2', label: 'Tiles' },
  { view: 'compact', key: '3', label: 'Compact' },
  { view: 'list', key: '4', label: 'List' },
];

export function viewForKey(key: string): BoardView | undefined {
  return VIEW_KEYS.find((v) => v.key === key)?.view;
}
