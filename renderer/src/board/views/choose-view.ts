import type { BoardView } from '../../../../shared/contract/layout';
import { planView } from '../../plans/state/plan-view.svelte';
import { layout } from '../state/layout.svelte';
import { drill } from './drill.svelte';

/**
 * The guard chose a view (the toolbar's choice or keys 1–4): kept in the layout; a floor's plan on
 * screen gives way to it; the overview forgets the count last opened from it, and its counts open in
 * the items view the guard came from.
 */
export function chooseView(next: BoardView): void {
  const was = layout.view;
  if (was !== 'overview') drill.usedItemsView(was);
  if (next === 'overview') drill.clear();
  else drill.usedItemsView(next);
  planView.showTiles();
  layout.setView(next);
}
