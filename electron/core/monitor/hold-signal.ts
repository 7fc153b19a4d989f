import type { SiteGate } from './site-gate';

/** The transport's own limit on a held call: far beyond the due time the desk watches for itself. */
export const LONG_POLL_TIMEOUT_MS = 90_000;

/**
 * One signal that ends a poll when the watcher stops, the site's gate closes, the scheduler wants the
 * slot back, or the poll's hold runs out. Built by hand rather than with AbortSignal.any so that
 * nothing stays attached to the long-lived signals once the poll is over (thousands of polls a minute
 * at scale). `cut` is true when the desk itself ended the poll early (a turn or a spread renewal);
 * `closed` when the gate did.
 */
export function holdSignal(
  stop: AbortSignal,
  gate: SiteGate,
  preempted: AbortSignal,
  holdMs: number,
): { signal: AbortSignal; readonly cut: boolean; readonly closed: boolean; release(): void } {
  const controller = new AbortController();
  let cut = false;
  const abort = () => controller.abort();
  const cutShort = () => {
    cut = true;
    controller.abort();
  };
  if (stop.aborted) controller.abort();
  else if (preempted.aborted) cutShort();
  stop.addEventListener('abort', abort, { once: true });
  preempted.addEventListener('abort', cutShort, { once: true });
  const entry = gate.enter(controller);
  const timer = holdMs < LONG_POLL_TIMEOUT_MS ? setTimeout(cutShort, holdMs) : undefined;
  return {
    signal: controller.signal,
    get cut() {
      return cut;
    },
    get closed() {
      return controller.signal.aborted && !cut && !stop.aborted;
    },
    release: () => {
      clearTimeout(timer);
      entry.done();
      stop.removeEventListener('abort', abort);
      preempted.removeEventListener('abort', cutShort);
    },
  };
}
