/** A field a person types into (not a checkbox, button or file picker). */
function isTextField(el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'hidden'].includes(el.type);
}

/**
 * What a screen's fields held when the guard first went into them, so closing the screen can tell typed
 * work from what was there already. A form sent counts as saved.
 */
export class TypedWork {
  readonly #before = new Map<HTMLInputElement | HTMLTextAreaElement, string>();

  seen(el: EventTarget | null): void {
    if (isTextField(el) && !this.#before.has(el)) this.#before.set(el, el.value);
  }

  saved(form: EventTarget | null): void {
    if (!(form instanceof HTMLFormElement)) return;
    for (const el of this.#before.keys()) if (el.form === form) this.#before.set(el, el.value);
  }

  /** Whether a field still on `within` holds something typed that it did not hold (a field emptied loses nothing). */
  unsaved(within: HTMLElement): boolean {
    for (const [el, before] of this.#before) if (within.contains(el) && !el.disabled && el.value !== '' && el.value !== before) return true;
    return false;
  }
}

/**
 * Esc in a field that holds text leaves the field (focus to `container`) and keeps the text, so a
 * dialog is never closed on typed work by one key; the next Esc closes it. True when it did so.
 */
export function escapeLeftField(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Escape' || !isTextField(event.target) || event.target.value === '') return false;
  event.preventDefault();
  event.stopPropagation();
  container.focus();
  return true;
}
