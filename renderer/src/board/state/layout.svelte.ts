import { layoutKey } from '../../../../shared/board/places';
import type { BoardLayout, BoardView, OverviewGrouping } from '../../../../shared/contract/layout';

type Save = (layout: BoardLayout) => Promise<BoardLayout>;

/**
 * The operator's arrangement of the board at this desk (collapsed groups, pinned items, group order).
 * Main keeps it per site; this store shows main's copy and sends every change back to be kept.
 */
class LayoutStore {
  #layout = $state.raw<BoardLayout>({ collapsed: [], pinned: [], order: [] });
  #collapsed = $derived(new Set(this.#layout.collapsed));
  #pinned = $derived(new Set(this.#layout.pinned));
  #save: Save | undefined;
  #report: (message: string) => void = () => {};
  /** Changes made here so far: which save's answer is the latest. */
  #changes = 0;

  get layout(): BoardLayout {
    return this.#layout;
  }

  /** Set by the sync once the desk is there: where changes are kept, and where failures are told. */
  connect(save: Save, report: (message: string) => void): void {
    this.#save = save;
    this.#report = report;
  }

  /** Main's copy (after the link opened, or after a save). */
  loaded(layout: BoardLayout): void {
    this.#layout = layout;
  }

  /** How the board shows the site (tiles until the operator chooses). */
  get view(): BoardView {
    return this.#layout.view ?? 'tiles';
  }

  /** What the overview counts by (buildings until the operator chooses: few enough to take in). */
  get overviewBy(): OverviewGrouping {
    return this.#layout.overviewBy ?? 'building';
  }

  setView(view: BoardView): void {
    if (view !== this.view) this.change({ ...this.#layout, view });
  }

  setOverviewBy(overviewBy: OverviewGrouping): void {
    if (overviewBy !== this.overviewBy) this.change({ ...this.#layout, overviewBy });
  }

  isCollapsed(key: string): boolean {
    return this.#collapsed.has(key);
  }

  isPinned(href: string): boolean {
    return this.#pinned.has(layoutKey(href));
  }

  toggleCollapsed(key: string): void {
    const collapsed = this.#collapsed.has(key) ? this.#layout.collapsed.filter((k) => k !== key) : [...this.#layout.collapsed, key];
    this.change({ ...this.#layout, collapsed });
  }

  /** Pins are kept by the href's path (see layoutKey), so they survive the site moving address. */
  togglePinned(href: string): void {
    const key = layoutKey(href);
    const pinned = this.#pinned.has(key) ? this.#layout.pinned.filter((h) => h !== key) : [...this.#layout.pinned, key];
    this.change({ ...this.#layout, pinned });
  }

  /** Moves a group one place up or down among `shown` (the groups in the order the board shows them). */
  move(key: string, by: -1 | 1, shown: readonly string[]): void {
    const order = [...shown];
    const at = order.indexOf(key);
    const to = at + by;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    this.change({ ...this.#layout, order });
  }

  private change(next: BoardLayout): void {
    // Shown at once (it is this desk's own arrangement, not a physical state); main's answer to the
    // latest change then wins. An answer to an earlier one is passed over: a count opened (the list)
    // and Esc back (the overview) in quick succession flipped the view back to the list and again.
    this.#layout = next;
    const change = ++this.#changes;
    const save = this.#save;
    if (!save) return;
    save(next).then(
      (kept) => {
        if (change === this.#changes) this.#layout = kept;
      },
      (err: unknown) => this.#report(`The board's layout was not kept: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
}

export const layout = new LayoutStore();
