import { roveTo } from './strip-fit';

/**
 * One Tab stop for a list of buttons (a Svelte action): the last button focused (or the first) takes
 * Tab, and the arrow keys, Home and End move between them. Buttons that come and go with the list keep
 * it that way.
 */
export function rovingFocus(list: HTMLElement): { destroy(): void } {
  let stop = 0;
  const buttons = () => [...list.querySelectorAll<HTMLElement>('button')];
  const apply = () => {
    const all = buttons();
    const at = Math.min(stop, all.length - 1);
    all.forEach((b, i) => (b.tabIndex = i === at ? 0 : -1));
  };
  const onfocusin = (event: FocusEvent) => {
    const at = buttons().indexOf(event.target as HTMLElement);
    if (at < 0) return;
    stop = at;
    apply();
  };
  const onkeydown = (event: KeyboardEvent) => {
    const all = buttons();
    const next = roveTo(event.key, all.indexOf(event.target as HTMLElement), all.length);
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };
  // Entries arrive and leave by the second: each change of the list's buttons sets the one stop again.
  const observer = new MutationObserver(apply);
  observer.observe(list, { childList: true, subtree: true });
  list.addEventListener('focusin', onfocusin);
  list.addEventListener('keydown', onkeydown);
  apply();
  return {
    destroy() {
      observer.disconnect();
      list.removeEventListener('focusin', onfocusin);
      list.removeEventListener('keydown', onkeydown);
    },
  };
}
