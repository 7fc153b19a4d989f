/**
 * Which floor, if any, the desk shows as its plan instead of the board's tiles. One floor at a time:
 * the plan needs the whole width at 1280×800 to be read from across the room.
 */
class PlanViewStore {
  #floor = $state<{ key: string; label: string } | undefined>();

  get floor(): { key: string; label: string } | undefined {
    return this.#floor;
  }

  showing(key: string): boolean {
    return this.#floor?.key === key;
  }

  show(key: string, label: string): void {
    this.#floor = { key, label };
  }

  /** Back to the tiles; returns the floor that was shown, so focus can go back to its group. */
  showTiles(): string | undefined {
    const key = this.#floor?.key;
    this.#floor = undefined;
    return key;
  }

  toggle(key: string, label: string): void {
    if (this.showing(key)) this.showTiles();
    else this.show(key, label);
  }
}

export const planView = new PlanViewStore();
