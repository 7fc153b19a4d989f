import type { Page } from '@playwright/test';

/**
 * Watches the board in the page for tiles by their accessible text only (the door's name and the
 * word "Forced"), never by CSS classes, because the tile markup is free to change. A tile is the
 * largest element around the name's text that holds no other door's name.
 */

/** Names of the generated doors whose names are on screen now (the board may render only those). */
export async function doorNamesOnScreen(page: Page, pattern: RegExp, limit: number): Promise<string[]> {
  return page.evaluate(
    ({ source, limit }) => {
      const re = new RegExp(source);
      const names: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node && names.length < limit; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!re.test(text) || names.includes(text)) continue;
        const rect = node.parentElement?.getBoundingClientRect();
        if (rect && rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0) names.push(text);
      }
      return names;
    },
    { source: `^${pattern.source}$`, limit },
  );
}

/**
 * Installs the watcher once per page: `arm(name)` returns a promise of the Date.now() at which the
 * tile of `name` first contains "Forced" (a MutationObserver sees the DOM change before the frame is
 * painted), or null after `timeoutMs`. `cleared(name)` resolves when it no longer does.
 * `on: 'pin'` watches a floor plan's pins instead: a pin is found by its accessible name ("name: what
 * it says"), because a crowded plan shows only the state word beside the mark, not the name.
 */
export async function installTileWatch(page: Page, pattern: RegExp, on: 'tile' | 'pin' = 'tile'): Promise<void> {
  // Plain JavaScript in a string: the bench runs under tsx, whose name-keeping helpers do not exist in the page.
  await page.evaluate(`(${WATCH_SCRIPT})(${JSON.stringify(pattern.source)}, ${JSON.stringify(on)})`);
}

const WATCH_SCRIPT = `function (source, on) {
  var nameRe = new RegExp(source, 'g');
  var roots = new Map();
  function pinOf(name) {
    var cached = roots.get(name);
    var prefix = name + ': ';
    if (cached && cached.isConnected && (cached.getAttribute('aria-label') || '').indexOf(prefix) === 0) return cached;
    var pins = document.querySelectorAll('[data-testid="plan-pin"]');
    for (var i = 0; i < pins.length; i++) {
      if ((pins[i].getAttribute('aria-label') || '').indexOf(prefix) !== 0) continue;
      roots.set(name, pins[i]);
      return pins[i];
    }
    return undefined;
  }
  function textOf(el) {
    return (on === 'pin' ? el.getAttribute('aria-label') : el.textContent) || '';
  }
  function tileOf(name) {
    if (on === 'pin') return pinOf(name);
    var cached = roots.get(name);
    if (cached && cached.isConnected) return cached;
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent || '').trim() !== name) continue;
      var el = node.parentElement;
      while (el.parentElement && ((el.parentElement.textContent || '').match(nameRe) || []).length <= 1) el = el.parentElement;
      roots.set(name, el);
      return el;
    }
    return undefined;
  }
  function shows(name, word) {
    var tile = tileOf(name);
    return !!tile && textOf(tile).includes(word);
  }
  var waiters = new Set();
  new MutationObserver(function () {
    Array.from(waiters).forEach(function (check) { check(); });
  }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  function until(test, timeoutMs) {
    return new Promise(function (resolve) {
      var timer;
      function check() {
        if (!test()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(Date.now());
      }
      timer = setTimeout(function () { waiters.delete(check); resolve(null); }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  window.benchArmed = new Map();
  window.benchWatch = {
    shows: shows,
    arm: function (name, timeoutMs) { window.benchArmed.set(name, until(function () { return shows(name, 'Forced'); }, timeoutMs)); },
    cleared: function (name, timeoutMs) { return until(function () { return !shows(name, 'Forced'); }, timeoutMs); }
  };
}`;

/**
 * What the probe loop reads the page through: Playwright's page (readerOf), or a session that uses
 * Runtime alone (unwatched-chromium.ts), which no desk's traffic is copied to. Plain expressions, so
 * both read the same.
 */
export interface PageReader {
  evaluate<T>(expression: string): Promise<T>;
}

export const readerOf = (page: Page): PageReader => ({ evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T> });

const call = (method: string, ...args: unknown[]) => `window.benchWatch.${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

/** Starts watching for "Forced" on the tile of `name` before the change is made. */
export function arm(page: PageReader, name: string, timeoutMs: number): Promise<void> {
  return page.evaluate(`void ${call('arm', name, timeoutMs)}`);
}

/** When the armed tile showed "Forced" (page Date.now), or null if it did not within the timeout. */
export function shownAt(page: PageReader, name: string): Promise<number | null> {
  return page.evaluate(`window.benchArmed.get(${JSON.stringify(name)}) ?? null`);
}

export function showsForced(page: PageReader, name: string): Promise<boolean> {
  return page.evaluate(call('shows', name, 'Forced'));
}

export function cleared(page: PageReader, name: string, timeoutMs: number): Promise<number | null> {
  return page.evaluate(call('cleared', name, timeoutMs));
}
