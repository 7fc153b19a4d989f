import type { ItemStatus } from '../../../shared/domain';
import { backoffDelay } from '../../../shared/backoff';
import { errorForFailure } from '../api/errors';
import { failureKind } from '../api/failure-policy';
import { UpdatesPage } from '../api/schemas';
import type { WatchContext, WatchTarget } from './watcher';
import { sameStatus } from './watcher';

/** The status fields a subscription answer carries; anything else a target asks for is read on its own. */
export const SUBSCRIPTION_FIELDS: ReadonlySet<string> = new Set(['status', 'statusText', 'statusFlags']);

/** Whether a subscription's answer leaves out a field `target` shows (an access zone's count, a fence's voltage). */
export function needsExtras(target: WatchTarget): boolean {
  return target.fields?.some((f) => !SUBSCRIPTION_FIELDS.has(f)) === true;
}

/** Reads at once: a burst of zones named together (the first answer names every one) goes out a few at a time. */
const READS_AT_ONCE = 8;
const BACKOFF = { baseMs: 500, maxMs: 30_000 };

/**
 * Reads the values a multi-item subscription does not carry. A zone whose count or voltage changes is
 * named in the subscription's answer with its flags alone; its own updates link (whose first call
 * answers at once) then gives the new value. A zone named again before its read went out is read
 * once; named while its read is on its way, it is read again after. Items stay live on the
 * subscription's answers: a read that fails is retried, and only a refusal marks the item stale.
 */
export class ExtrasReader {
  private readonly queued = new Map<string, WatchTarget>();
  private readonly reading = new Set<string>();
  private readonly again = new Set<string>();
  /** What the board was last told per item href, so a value read is merged with the flags heard. */
  private readonly last = new Map<string, ItemStatus>();
  private running = 0;
  private failures = 0;

  constructor(
    private readonly context: WatchContext,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * The subscription said this about `target`: shows it with the last value read and reads the value
   * again. Before the first read nothing is shown: a status without its count would blank the count
   * the board has from the catalogue, and the read follows within moments.
   */
  heard(target: WatchTarget, flags: readonly string[], statusText: string): void {
    const previous = this.last.get(target.href);
    if (previous) this.show(target, { href: target.href, flags: [...flags], statusText, receivedAt: this.context.now(), ...valuesOf(previous) });
    this.read(target);
  }

  private read(target: WatchTarget): void {
    if (this.reading.has(target.href)) this.again.add(target.href);
    else this.queued.set(target.href, target);
    this.pump();
  }

  private pump(): void {
    while (this.running < READS_AT_ONCE && this.queued.size > 0 && !this.signal.aborted) {
      const [href, target] = this.queued.entries().next().value as [string, WatchTarget];
      this.queued.delete(href);
      this.reading.add(href);
      this.running++;
      void this.readOne(target).finally(() => {
        this.running--;
        this.reading.delete(href);
        if (this.again.delete(href)) this.queued.set(href, target);
        this.pump();
      });
    }
  }

  private async readOne(target: WatchTarget): Promise<void> {
    const { transport, gate, events, now, random } = this.context;
    const what = `Status of ${target.name}`;
    for (;;) {
      if (!(await gate.pass(this.signal))) return;
      const request = new AbortController();
      const stop = () => request.abort();
      this.signal.addEventListener('abort', stop, { once: true });
      const entry = gate.enter(request);
      try {
        const page = await transport.getJson(target.updatesHref, UpdatesPage, what, {
          signal: request.signal,
          // On the watch connections, as an item's own first call was: a burst of reads never queues a command.
          watch: true,
          query: { fields: target.fields!.join(',') },
        });
        this.failures = 0;
        if (page.updates && !this.signal.aborted) this.apply(target, page.updates);
        return;
      } catch (err) {
        if (this.signal.aborted || request.signal.aborted) return;
        const error = errorForFailure(err, what);
        const kind = failureKind(error);
        if (kind === 'final') return events.failed(target.href, error, kind);
        const delayMs = backoffDelay(this.failures++, BACKOFF.baseMs, BACKOFF.maxMs, random);
        if (kind === 'persistent') events.failed(target.href, error, kind, now() + delayMs);
        await gate.sleep(delayMs, this.signal, kind === 'persistent');
      } finally {
        entry.done();
        this.signal.removeEventListener('abort', stop);
      }
    }
  }

  private apply(target: WatchTarget, updates: NonNullable<UpdatesPage['updates']>): void {
    const previous = this.last.get(target.href);
    const status: ItemStatus = {
      href: target.href,
      flags: updates.statusFlags ?? previous?.flags ?? [],
      statusText: updates.statusText ?? previous?.statusText ?? '',
      receivedAt: this.context.now(),
      ...valuesOf(previous),
    };
    if (updates.zoneCount !== undefined) status.zoneCount = updates.zoneCount;
    if (updates.voltage !== undefined) status.voltage = updates.voltage;
    this.show(target, status);
  }

  private show(target: WatchTarget, status: ItemStatus): void {
    const previous = this.last.get(target.href);
    if (previous && sameStatus(previous, status)) return;
    this.last.set(target.href, status);
    this.context.events.status(status);
  }
}

function valuesOf(status: ItemStatus | undefined): Pick<ItemStatus, 'zoneCount' | 'voltage'> {
  const values: Pick<ItemStatus, 'zoneCount' | 'voltage'> = {};
  if (status?.zoneCount !== undefined) values.zoneCount = status.zoneCount;
  if (status?.voltage !== undefined) values.voltage = status.voltage;
  return values;
}
