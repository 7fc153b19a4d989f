import type { OverdueVisitor, OverdueVisitors } from '../../../shared/contract/reception';
import { versionAtLeast } from '../../../shared/version';
import { linkFor } from '../api/features';
import { OneRunAtATime } from '../one-run-at-a-time';
import { listReceptions, listVisits, VISITS_LINK } from '../api/visits';
import type { SiteSession } from '../site-session';
import { todaysVisits } from './todays-visits';

/**
 * How often the chosen reception's visits are read for overdue visitors. The vendor gives visits no
 * `updates` link or change feed (cc_rest.yaml /api/visits: a search only), and its search has no
 * reception or date filter, so each read is the site's whole visit list (one page for a day of 500).
 * A visitor becomes overdue on the minute their visit ends, so once a minute names them within a minute
 * at one request a minute per desk; the desk's own changes (a departure, a walk-in) read again at once.
 */
export const OVERDUE_PERIOD_MS = 60_000;

export interface OverdueWatchOptions {
  /** The open site's session, if any. */
  session: () => SiteSession | undefined;
  /** The reception this desk chose on the open site, if it chose one. */
  chosen: () => string | undefined;
  /** Every read's answer, whole (names included: the desk decides what to show). */
  publish: (overdue: OverdueVisitors) => void;
  now?: () => number;
  periodMs?: number;
}

export const NO_OVERDUE: OverdueVisitors = { visitors: [], withheld: 0, at: 0 };

/**
 * Follows the overdue visitors of the reception this desk chose (else the first by name, the one the
 * Reception screen opens at), for the board's attention strip. One read at a time; a read that fails
 * (server away) keeps the last answer.
 */
export class OverdueWatch {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly reading = new OneRunAtATime(() => this.read());
  private last: OverdueVisitors = NO_OVERDUE;

  constructor(private readonly options: OverdueWatchOptions) {}

  latest(): OverdueVisitors {
    return this.last;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), this.options.periodMs ?? OVERDUE_PERIOD_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A new site (or none): nobody is overdue until its visits are read. */
  clear(): void {
    this.last = NO_OVERDUE;
    this.options.publish(this.last);
  }

  /** Reads now; a refresh asked for during a read runs once more after it, so a change is never missed. */
  refresh(): Promise<void> {
    return this.reading.run();
  }

  private async read(): Promise<void> {
    const session = this.options.session();
    if (!session) return;
    const now = this.options.now?.() ?? Date.now();
    try {
      const next = await session.read(async (transport, discovery): Promise<OverdueVisitors> => {
        if (!linkFor(discovery, ...VISITS_LINK)) return { ...NO_OVERDUE, at: now };
        const receptions = (await listReceptions(transport, discovery)).sort((a, b) => a.name.localeCompare(b.name));
        const chosen = this.options.chosen();
        const reception = receptions.find((r) => r.href === chosen) ?? receptions[0];
        if (!reception) return { ...NO_OVERDUE, at: now };
        const day = todaysVisits(reception, await listVisits(transport, discovery), now, versionAtLeast(discovery.version, '8.90'));
        const visitors = day.visits.flatMap((visit) =>
          visit.visitors
            .filter((v) => v.overdue)
            .map((v): OverdueVisitor => ({ cardholderHref: v.cardholderHref, name: v.name, visit: visit.name, ...(visit.host ? { host: visit.host.name } : {}), until: visit.until ?? '' })),
        );
        // Longest overdue first: the strip shows the first few.
        visitors.sort((a, b) => a.until.localeCompare(b.until) || a.name.localeCompare(b.name));
        return { reception: day.reception, visitors, withheld: 0, at: now };
      });
      if (this.options.session() !== session) return;
      this.last = next;
      this.options.publish(next);
    } catch {
      // The server is away or refused: the last answer stands, with its time; the next period tries again.
    }
  }
}
