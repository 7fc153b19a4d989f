import type { SiteGate } from './site-gate';

/** The transport's own limit on a held call: far beyond the due time the desk watches for itself. */
export const LONG_POLL_TIMEOUT_MS = 90_000;

/**
 * One signal that ends a poll when the watcher stops, the site's gate closes, the scheduler wants the
 * slot back, the poll's hold runs out, or its answer is overdue. Built by hand rather than with
 * AbortSignal.any so that nothing stays attached to the long-lived signals once the poll is over
 * (thousands of polls a minute at scale). `cut` is true when the desk itself ended the poll early (a
 * turn or a spread renewal); `overdue` when the answer did not come by `deadlineMs` (a request stuck
 * on a connection that delivers nothing); `closed` when the gate ended it.
 */
export function holdSignal(
  stop: AbortSignal,
  gate: SiteGate,
  preempted: AbortSignal,
  holdMs: number,
  deadlineMs = LONG_POLL_TIMEOUT_MS,
): { signal: AbortSignal; readonly cut: boolean; readonly overdue: boolean; readonly closed: boolean; release(): void } {
  const controller = new AbortController();
  let cut = false;
  let overdue = false;
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
  const deadline =
    deadlineMs < LONG_POLL_TIMEOUT_MS
      ? setTimeout(() => {
          overdue = !controller.signal.aborted;
          controller.abort();
        }, deadlineMs)
      : undefined;
  return {
    signal: controller.signal,
    get cut() {
      return cut;
    },
    get overdue() {
      return overdue;
    },
    get closed() {
      return controller.signal.aborted && !cut && !overdue && !stop.aborted;
    },
    release: () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      entry.done();
      stop.removeEventListener('abort', abort);
      preempted.removeEventListener('abort', cutShort);
    },
  };
}
