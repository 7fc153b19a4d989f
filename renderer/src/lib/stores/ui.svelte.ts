import type { ItemKind } from '../../../../shared/domain';

/** What the operator is looking at: the open panel, the search box, the type and division filters. */
class UiStore {
  selectedHref = $state<string | undefined>();
  searchText = $state('');
  kindFilter = $state<ItemKind | 'all'>('all');
  divisionFilter = $state<string>('all');

  open(href: string): void {
    this.selectedHref = href;
  }

  close(): void {
    this.selectedHref = undefined;
  }
}

export const ui = new UiStore();
