import type { OverviewGrouping } from '../../../../shared/contract/layout';
import type { StateBucket } from '../lib/item-state';

/** The items behind one of the overview's counts: a group (or the whole site) and a state. */
export interface Drill {
  by: OverviewGrouping;
  key: string;
  /** The group's name, for the banner above the items. */
  label: string;
  bucket: StateBucket;
}

export type ItemsView = 'tiles' | 'compact' | 'list';

/**
 * Which count the guard opened from the overview, and the items view it opens in. Local to this
 * screen and this session: the view itself is kept by the layout; what was opened from it is not.
 */
class DrillStore {
  #current = $state<Drill | undefined>();
  /** The items view the guard used last (a count opens in it); the list until one is chosen. */
  #itemsView = $state<ItemsView>('list');

  get current(): Drill | undefined {
    return this.#current;
  }
  get itemsView(): ItemsView {
    return this.#itemsView;
  }

  open(drill: Drill): void {
    this.#current = drill;
  }

  usedItemsView(view: ItemsView): void {
    this.#itemsView = view;
  }

  /** Clears the drill; returns what it was, so focus can go back to its count. */
  clear(): Drill | undefined {
    const was = this.#current;
    this.#current = undefined;
    return was;
  }
}

export const drill = new DrillStore();
