import { tick } from 'svelte';
import { viewport } from '../state/viewport.svelte';
import { scrollToReveal, spaceAround, visibleRows } from './windowing';

/**
 * A table's rows of one fixed height, only those on screen in the page: a site of 50,000 items has
 * thousands of floors and list rows, and laying all of them out again took longer than a filter's whole
 * answer should. The page itself scrolls; the table body's top is measured once per scroll or resize
 * and the rows on screen follow by arithmetic (windowing.ts).
 *
 * Made while a component starts (it keeps an effect of that component's).
 */
export class WindowedRows<T> {
  /** The table body the rows are laid out in (bind:this). */
  body = $state<HTMLElement>();
  #bodyTop = $state(0);
  readonly #rows: () => readonly T[];
  readonly rowHeight: number;
  readonly #overscan: number;

  /** The rows in the page: those on screen and `overscan` either side, so arrows and scrolling find rows there. */
  range = $derived.by(() => visibleRows(this.#rows().length, { columns: 1, rowHeight: this.rowHeight }, this.#bodyTop, viewport.height, this.#overscan));
  shown = $derived.by(() => this.#rows().slice(this.range.firstRow, this.range.endRow));
  /** How tall the blank rows standing in for the rest are. */
  space = $derived.by(() => spaceAround(this.range, this.#rows().length, this.rowHeight));

  constructor(rows: () => readonly T[], rowHeight: number, overscan = 4) {
    this.#rows = rows;
    this.rowHeight = rowHeight;
    this.#overscan = overscan;
    $effect(() => {
      void [viewport.scrollY, viewport.height, viewport.width, rows().length];
      void tick().then(() => this.measure());
    });
  }

  measure(): void {
    if (this.body) this.#bodyTop = this.body.getBoundingClientRect().top;
  }

  /** Scrolls row `index` to the middle of the screen when it is not in the page, so that it can be focused. */
  reveal(index: number): void {
    if (!this.body) return;
    const by = scrollToReveal(index, this.range, this.body.getBoundingClientRect().top, this.rowHeight, viewport.height);
    if (by === undefined) return;
    window.scrollBy(0, by);
    this.measure();
  }
}
