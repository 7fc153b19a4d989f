import { setFlagsFromString } from 'node:v8';

/**
 * How far the desk's heap may grow past what it held after its last full collection before V8
 * collects again, in percent. V8's own factor (up to four times what survived) let the garbage of
 * 100 changes a second build up for a minute or more: at 10,000 items the host's RSS rose from 225 to
 * 333 MB in 60 s while it held about 50 MB, and a kiosk that runs for weeks is judged by that peak.
 * At 40 % the same run peaked at 222 MB with no slower change → page and about one point more of a
 * core for the collections. A start at 50,000 items holds ~180 MB when its catalogue is in, and its
 * peak is this factor over that: at 25 % it peaked 50–60 MB lower than at 40 %, live about 0.1 s later
 * (docs/performance-design.md, "Memory by its peak").
 */
export const HEAP_GROWING_PERCENT = 25;

/**
 * Sets the heap's growing factor for this process. V8 reads it at every full collection, so setting it
 * as the desk is composed holds from the first catalogue on, in Electron's main and the browser host
 * alike, with no flag on either's command line.
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
