/** Which item's panel is open. */
class UiStore {
  #selectedHref = $state<string | undefined>();

  get selectedHref(): string | undefined {
    return this.#selectedHref;
  }

  open(href: string): void {
    this.#selectedHref = href;
  }

  close(): void {
    this.#selectedHref = undefined;
  }
}

export const ui = new UiStore();
