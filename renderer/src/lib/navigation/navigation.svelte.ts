import { tick } from 'svelte';

/**
 * Which of the desk's screens is open over the board (at most one), and what opened it: closing a
 * screen puts focus back there, so the keyboard carries on where the guard was. The screens themselves
 * are listed once, in `nav/screens.ts`; this holds only their ids, so any screen may open another.
 */
class Navigation {
  #current = $state<string | undefined>();
  #opener: HTMLElement | undefined;

  get current(): string | undefined {
    return this.#current;
  }

  open(id: string): void {
    if (this.#current === id) return;
    // Switching from one screen to another keeps the first opener: closing goes back to the board's place.
    if (this.#current === undefined) this.#opener = openerOf(document.activeElement);
    this.#current = id;
  }

  close(): void {
    if (this.#current === undefined) return;
    this.#current = undefined;
    const opener = this.#opener;
    this.#opener = undefined;
    void returnFocus(opener);
  }
}

/** An entry of the screens menu hides with the menu: the menu's own button stands for it. */
function openerOf(active: Element | null): HTMLElement | undefined {
  if (!(active instanceof HTMLElement) || active === document.body) return undefined;
  const menu = active.closest<HTMLElement>('[data-nav-menu]');
  return menu?.querySelector<HTMLElement>('[data-nav-toggle]') ?? active;
}

/**
 * Focus back on `opener` once the page beneath is live again (no longer inert); when it has gone (a
 * Sign in button after signing in), on the screens menu's button, so focus is never left on the page's body.
 */
export async function returnFocus(opener: HTMLElement | undefined): Promise<void> {
  await tick();
  const target = opener?.isConnected && !opener.closest('[inert]') ? opener : document.querySelector<HTMLElement>('[data-nav-toggle]');
  target?.focus();
}

/** What was focused now, to give back with `returnFocus` when a dialog opened from it closes. */
export function focusedNow(): HTMLElement | undefined {
  return openerOf(document.activeElement);
}

export const navigation = new Navigation();
