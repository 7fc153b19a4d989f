import type { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { ServerAlarm } from '../../../electron/core/api/alarms';
import type { Discovery } from '../../../electron/core/api/discovery';
import type { Transport } from '../../../electron/core/api/transport';
import type { FollowedSite } from '../../../electron/core/alarms/alarm-follower';

const ORIGIN = 'https://cc.test';

/**
 * A scripted alarm server for the follower's unit tests: the list paged 100 a page, and an updates
 * long-poll that answers every alarm changed since the bookmark once, in its current state, at most 100
 * a batch (cc_rest.yaml: GET /api/alarms, /api/alarms/updates). A restart forgets every bookmark.
 */
export class FakeAlarmServer {
  readonly alarms = new Map<string, ServerAlarm>();
  /** Each change's alarm id, in order; a bookmark is an index into it. */
  private changes: string[] = [];
  private epoch = 1;
  private waiting: (() => void)[] = [];
  requests: string[] = [];
  connected = true;
  licensed = true;
  /** The next calls fail with this, once each. */
  failures: DeskError[] = [];
  /** While set, list pages wait for it before they are answered (a slow list at start-up). */
  listHeld: Promise<void> | undefined;

  raise(id: string, fields: Partial<ServerAlarm> = {}): void {
    this.set({ href: `${ORIGIN}/api/alarms/${id}`, id, time: '2026-11-27T10:00:00Z', message: `Alarm ${id}`, priority: 5, state: 'unacknowledged', active: false, ...links(id), ...fields });
  }

  set(alarm: ServerAlarm): void {
    if (alarm.state === 'processed') this.alarms.delete(alarm.id);
    else this.alarms.set(alarm.id, alarm);
    this.changes.push(alarm.id);
    this.last.set(alarm.id, alarm);
    this.waiting.splice(0).forEach((wake) => wake());
  }

  private readonly last = new Map<string, ServerAlarm>();

  restart(): void {
    this.epoch++;
  }

  site(): FollowedSite {
    return {
      read: async <T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>) => {
        if (!this.connected) throw new DeskError('offline', 'Not connected to the server');
        const links = new Map(this.licensed ? [['alarms.alarms', `${ORIGIN}/api/alarms`]] : []);
        return reader(this.transport(), { version: '9.40', links });
      },
    };
  }

  private transport(): Transport {
    return {
      getJson: async (href: string, schema: z.ZodType, _what: string, options: { signal?: AbortSignal } = {}) => {
        this.requests.push(href);
        const failure = this.failures.shift();
        if (failure) throw failure;
        return schema.parse(await this.answer(new URL(href), options.signal));
      },
    } as unknown as Transport;
  }

  private async answer(url: URL, signal?: AbortSignal): Promise<unknown> {
    if (url.pathname === '/api/alarms') {
      if (this.listHeld) await held(this.listHeld, signal);
      const start = Number(url.searchParams.get('start') ?? 0);
      const all = [...this.alarms.values()];
      const page = all.slice(start, start + 100);
      const more = start + 100 < all.length;
      return {
        alarms: page,
        ...(more ? { next: { href: `${ORIGIN}/api/alarms?start=${start + 100}` } } : { updates: { href: `${ORIGIN}/api/alarms/updates?id=${this.epoch}.${this.changes.length}` } }),
      };
    }
    const [epoch, at] = (url.searchParams.get('id') ?? '').split('.').map(Number);
    if (epoch !== this.epoch) throw new DeskError('not-found', 'The alarm updates: not found (404)');
    while (this.changes.length === at) {
      await new Promise<void>((resolve, reject) => {
        this.waiting.push(resolve);
        signal?.addEventListener('abort', () => reject(new DeskError('network', 'cancelled')), { once: true });
      });
    }
    const ids = [...new Set(this.changes.slice(at!))];
    const batch = ids.slice(0, 100);
    // The bookmark moves past what this batch carries: the change index just after the last id sent.
    const consumed = batch.length < ids.length ? this.indexAfter(at!, new Set(batch)) : this.changes.length;
    return { updates: batch.map((id) => this.last.get(id)), next: { href: `${ORIGIN}/api/alarms/updates?id=${this.epoch}.${consumed}` } };
  }

  /** The first change index from `at` whose alarm is not among `sent`. */
  private indexAfter(at: number, sent: Set<string>): number {
    let i = at;
    while (i < this.changes.length && sent.has(this.changes[i]!)) i++;
    return i;
  }
}

/** Waits for `hold`, or rejects as a cancelled call would when `signal` aborts (the follower stopped). */
function held(hold: Promise<void>, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DeskError('network', 'cancelled')), { once: true });
    void hold.then(resolve);
  });
}

function links(id: string) {
  const href = (action: string) => ({ href: `${ORIGIN}/api/alarms/${id}/${action}` });
  return { comment: href('comment'), acknowledge: href('acknowledge'), acknowledgeWithComment: href('acknowledge'), process: href('process'), processWithComment: href('process') };
}
