import type { Page } from '@playwright/test';
import { pageUntilSource } from './page-until';

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
 * Names of generated doors that are nowhere in the page (their tiles are not rendered, they are not on
 * the strip), `count` of them picked evenly from `names` in a seeded order: the off-screen probes.
 */
export async function doorNamesOffScreen(page: Page, pattern: RegExp, names: readonly string[], count: number, random: () => number): Promise<string[]> {
  const inPage = new Set(
    await page.evaluate((source) => {
      const re = new RegExp(source);
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (re.test(text)) found.push(text);
      }
      return found;
    }, `^${pattern.source}$`),
  );
  const candidates = names.filter((name) => !inPage.has(name));
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  return candidates.slice(0, count);
}

/**
 * Where a probe looks for its door: its tile on the board, its pin on a floor plan, or its entry on the
 * attention strip (a door whose tile is not on screen: the strip is where the page names it).
 */
export type WatchedPlace = 'tile' | 'pin' | 'strip';

/**
 * Installs the watcher once per page: `arm(name, where)` returns a promise of the Date.now() at which
 * the door's tile (or pin, or strip entry) first contains "Forced" (a MutationObserver sees the DOM
 * change before the frame is painted), or null after `timeoutMs`. `cleared(name)` resolves when it no
 * longer does. A pin is found by its accessible name ("name: what it says"), because a crowded plan
 * shows only the state word beside the mark; a strip entry is the list item holding the door's name
 * in the region named "Needs attention". A tile is never looked for inside that region.
 */
export async function installTileWatch(page: Page, pattern: RegExp): Promise<void> {
  // Plain JavaScript in a string: the bench runs under tsx, whose name-keeping helpers do not exist in the page.
  await page.evaluate(`(${WATCH_SCRIPT})(${JSON.stringify(pattern.source)})`);
}

const WATCH_SCRIPT = `function (source) {
  var nameRe = new RegExp(source, 'g');
  var roots = new Map();
  function pinOf(name) {
    var cached = roots.get('pin ' + name);
    var prefix = name + ': ';
    if (cached && cached.isConnected && (cached.getAttribute('aria-label') || '').indexOf(prefix) === 0) return cached;
    var pins = document.querySelectorAll('[data-testid="plan-pin"]');
    for (var i = 0; i < pins.length; i++) {
      if ((pins[i].getAttribute('aria-label') || '').indexOf(prefix) !== 0) continue;
      roots.set('pin ' + name, pins[i]);
      return pins[i];
    }
    return undefined;
  }
  function stripRegion() {
    var labelled = document.querySelectorAll('[aria-labelledby]');
    for (var i = 0; i < labelled.length; i++) {
      var label = document.getElementById(labelled[i].getAttribute('aria-labelledby'));
      if (label && (label.textContent || '').trim().indexOf('Needs attention') === 0) return labelled[i];
    }
    return undefined;
  }
  function entryOf(name) {
    var region = stripRegion();
    if (!region) return undefined;
    var walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent || '').trim() === name) return node.parentElement.closest('li') || undefined;
    }
    return undefined;
  }
  function tileOf(name) {
    var cached = roots.get('tile ' + name);
    if (cached && cached.isConnected) return cached;
    var region = stripRegion();
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent || '').trim() !== name || (region && region.contains(node))) continue;
      var el = node.parentElement;
      while (el.parentElement && ((el.parentElement.textContent || '').match(nameRe) || []).length <= 1) el = el.parentElement;
      roots.set('tile ' + name, el);
      return el;
    }
    return undefined;
  }
  function placeOf(name, where) {
    return where === 'pin' ? pinOf(name) : where === 'strip' ? entryOf(name) : tileOf(name);
  }
  function shows(name, word, where) {
    var place = placeOf(name, where);
    if (!place) return false;
    return ((where === 'pin' ? place.getAttribute('aria-label') : place.textContent) || '').includes(word);
  }
${pageUntilSource(true)}
  window.benchArmed = new Map();
  window.benchWatch = {
    shows: shows,
    arm: function (name, where, timeoutMs) { window.benchArmed.set(name, until(function () { return shows(name, 'Forced', where); }, timeoutMs)); },
    cleared: function (name, where, timeoutMs) { return until(function () { return !shows(name, 'Forced', where); }, timeoutMs); }
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

/** Starts watching for "Forced" on the door's tile (pin, strip entry) before the change is made. */
export function arm(page: PageReader, name: string, where: WatchedPlace, timeoutMs: number): Promise<void> {
  return page.evaluate(`void ${call('arm', name, where, timeoutMs)}`);
}

/** When the armed door showed "Forced" (page Date.now), or null if it did not within the timeout. */
export function shownAt(page: PageReader, name: string): Promise<number | null> {
  return page.evaluate(`window.benchArmed.get(${JSON.stringify(name)}) ?? null`);
}

export function showsForced(page: PageReader, name: string, where: WatchedPlace): Promise<boolean> {
  return page.evaluate(call('shows', name, 'Forced', where));
}

export function cleared(page: PageReader, name: string, where: WatchedPlace, timeoutMs: number): Promise<number | null> {
  return page.evaluate(call('cleared', name, where, timeoutMs));
}
