import { DEFAULT_SORT, nextSort, type ListSort, type SortColumn } from './lib/list-sort';

/** The list's order at this desk for this session (the view itself is kept by the layout). */
class ListState {
  #sort = $state<ListSort>(DEFAULT_SORT);

  get sort(): ListSort {
    return this.#sort;
  }

  sortBy(column: SortColumn): void {
    this.#sort = nextSort(this.#sort, column);
  }
}

export const listState = new ListState();
