import { quantile } from '../stats';
import { round } from './probes';
import type { PageReader } from './tile-watch';

/**
 * How quickly the overview and the list answer a guard who filters or sorts them, on the page a desk
 * run measures (issue 43: p99 ≤ 100 ms at 50,000 items), with the run's background changes still
 * coming. Each answer is timed in the page from the input (a search typed, a type chosen, a column's
 * header clicked) to the first frame painted after it: the desk applies the answer to the page before
 * that frame (Svelte updates the DOM in the task's microtasks), so the frame is the one that shows it.
 */
export interface ViewAnswers {
  /** Answers timed in both views (filters in the overview; filters and sorts in the list). */
  answers: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** Answers whose view's text did not change (a filter that matched what was already shown): still timed. */
  unchanged: number;
}

/** Searches typed, each followed by the search cleared, so every one changes what is shown. */
const SEARCHES = ['door', 'level 3', 'sensor', 'building 1', 'fence', 'lifts'];
/** Item types chosen in the Type filter, then back to all types. */
const KINDS = ['door', 'input', 'accessZone'];
/** List columns clicked in turn (a second click reverses the column). */
const SORTS = ['name', 'name', 'kind', 'floor', 'since', 'state', 'state'];

/** A gap between answers, so each is timed on its own and not behind the last one's frame. */
const GAP_MS = 150;

/**
 * The page script: each step sets a field or clicks a header as a guard does (the events Svelte's
 * bindings listen to), then waits for the next frame to be presented (a message after the animation
 * frame runs once the frame is handed to the compositor).
 */
const SCRIPT = `window.benchViews = (() => {
  const presented = () => new Promise((resolve) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0); }));
  const section = () => document.querySelector('[data-testid="item-list"]') ?? document.querySelector('main') ?? document.body;
  const timed = async (act) => {
    const before = section().textContent.length;
    const t0 = performance.now();
    act();
    await presented();
    const ms = performance.now() - t0;
    return { ms, changed: section().textContent.length !== before };
  };
  const setField = (el, value, event) => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new Event(event, { bubbles: true }));
  };
  const search = () => document.querySelector('[role="search"] input[type="search"]');
  const kind = () => search()?.closest('[role="search"]')?.querySelectorAll('select')[0];
  return {
    view: async (name) => { setField(document.querySelector('[data-testid="board-view"]'), name, 'change'); await presented(); await presented(); },
    search: (text) => timed(() => setField(search(), text, 'input')),
    kind: (value) => timed(() => setField(kind(), value, 'change')),
    sort: (column) => timed(() => document.querySelector('[data-testid="sort-' + column + '"]').click()),
  };
})()`;

type Answer = { ms: number; changed: boolean };
/** An answer as the log names it: the view and the step, e.g. "overview search('')". */
type Named = Answer & { what: string };

/** The slowest answers, by name, so a p99 says which filter or sort it came from. */
function slowest(answers: readonly Named[], n: number): string {
  return [...answers]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((a) => `${a.what} ${round(a.ms)} ms`)
    .join(', ');
}

/** Times filters in the overview, then filters and sorts in the list; leaves the page on its tiles, unfiltered. */
export async function timeViewAnswers(page: PageReader, log: (line: string) => void): Promise<ViewAnswers> {
  await page.evaluate(SCRIPT);
  const answers: Named[] = [];
  let view = 'overview';
  const step = async (expression: string) => {
    answers.push({ ...(await page.evaluate<Answer>(`window.benchViews.${expression}`)), what: `${view} ${expression}` });
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  };
  const filters = async () => {
    for (const text of SEARCHES) {
      await step(`search(${JSON.stringify(text)})`);
      await step(`search('')`);
    }
    for (const kind of KINDS) {
      await step(`kind(${JSON.stringify(kind)})`);
      await step(`kind('all')`);
    }
  };
  try {
    await page.evaluate(`window.benchViews.view('overview')`);
    await filters();
    const overview = answers.length;
    view = 'list';
    await page.evaluate(`window.benchViews.view('list')`);
    await filters();
    for (const column of SORTS) await step(`sort(${JSON.stringify(column)})`);
    const ms = answers.map((a) => a.ms);
    const figures = {
      answers: answers.length,
      p50Ms: round(quantile(ms, 0.5)),
      p99Ms: round(quantile(ms, 0.99)),
      maxMs: round(Math.max(...ms)),
      unchanged: answers.filter((a) => !a.changed).length,
    };
    const part = (from: number, to: number) => round(quantile(ms.slice(from, to), 0.99));
    log(`  filter or sort → next frame: ${figures.answers} answers, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms (overview p99 ${part(0, overview)}, list p99 ${part(overview, ms.length)}; ${figures.unchanged} left the text as it was)`);
    log(`  slowest answers: ${slowest(answers, 5)}`);
    return figures;
  } finally {
    await page.evaluate(`window.benchViews.view('tiles')`);
  }
}
