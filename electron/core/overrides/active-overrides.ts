import { randomUUID } from 'node:crypto';
import type { CommandOutcome, CommandRequest } from '../../../shared/contract/board';
import type { ActiveOverride } from '../../../shared/contract/operators';
import { describeCommand } from '../../../shared/commands';
import { lastingOverride } from '../../../shared/commands/lasting-overrides';
import type { BoardItem } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { BoardLookup } from '../board/board-lookup';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { LocalStore } from '../offline/local-store';
import { NOBODY_SIGNED_IN, type OperatorOnDuty } from '../shift/on-duty';
import { ActiveOverrideStore } from './active-override-store';
import { judge, SHOW_ENDED_MS, type ItemEvidence, type TrackedOverride } from './override-state';

/** What the overrides need of the open site; every member answers "nothing" while no site is open. */
export interface OverrideSite {
  /** The open site's origin (overrides are kept per site). */
  origin(): string | undefined;
  lookup(): BoardLookup | undefined;
  item(href: string): BoardItem | undefined;
  /** Sends a command exactly as `item.command` does (as the signed-in operator, refused offline, never queued). */
  send(request: CommandRequest): Promise<CommandOutcome>;
}

export interface ActiveOverridesOptions {
  store: LocalStore;
  site: OverrideSite;
  operator: () => OperatorOnDuty | undefined;
  audit?: AuditLog | undefined;
  /** Told the list whenever it changed (the `overrides.active` event). */
  changed: (list: ActiveOverride[]) => void;
  now?: () => number;
  /** How often end times and the items' statuses are looked at again (ms). */
  checkEveryMs?: number;
}

/**
 * The overrides that last which this desk sent and the server accepted: kept in the local store,
 * judged against each item's live status (override-state.ts), cancelled with the item's own command
 * that ends them. A restart reads them back and judges them again once the items are live.
 */
export class ActiveOverrides {
  private readonly rows: ActiveOverrideStore;
  private readonly tracked = new Map<string, TrackedOverride>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastSent = '';

  constructor(private readonly options: ActiveOverridesOptions) {
    this.now = options.now ?? Date.now;
    this.rows = new ActiveOverrideStore(options.store);
    for (const t of this.rows.load(this.now())) this.tracked.set(t.id, t);
  }

  start(): void {
    this.timer ??= setInterval(() => this.refresh(), this.options.checkEveryMs ?? 2_000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * The server accepted a command on an item (called by `item.command`): an override that lasts is
   * kept; one that ends a running override marks it cancelled; a new one on the same item replaces
   * what this desk had running there.
   */
  sent(request: CommandRequest, item: BoardItem | undefined): void {
    const origin = this.options.site.origin();
    if (!item || !origin) return;
    const now = this.now();
    const operator = this.options.operator()?.name ?? NOBODY_SIGNED_IN;
    const effect = lastingOverride(item.kind, request.command);
    for (const t of this.openOn(origin, item.href)) {
      if (effect) this.finish(t, 'ended', now, `Replaced by ${this.modeOf(item, request.command)}`);
      else if (lastingOverride(t.itemKind, t.command)?.undo === request.command) this.finish(t, 'cancelled', now, `Cancelled by ${operator}`);
    }
    if (effect) {
      const endsAt = request.endTime ? Date.parse(request.endTime) : undefined;
      const t: TrackedOverride = {
        id: randomUUID(),
        origin,
        itemHref: item.href,
        itemName: item.name,
        itemKind: item.kind,
        command: request.command,
        mode: this.modeOf(item, request.command),
        operator,
        sentAt: now,
        ...(endsAt !== undefined && Number.isFinite(endsAt) ? { endsAt } : {}),
        state: 'open',
        seen: false,
      };
      this.rows.save(t);
      this.tracked.set(t.id, t);
    }
    this.refresh();
  }

  /** This site's overrides: open ones, and ended or cancelled ones for a while after, oldest first. */
  active(): ActiveOverride[] {
    const origin = this.options.site.origin();
    const lookup = this.options.site.lookup();
    const now = this.now();
    const shown: ActiveOverride[] = [];
    for (const t of [...this.tracked.values()].filter((x) => x.origin === origin)) {
      const { shown: one, changed } = judge(t, evidence(lookup, t.itemHref), now);
      if (changed) this.keep(changed);
      if (one.endedAt === undefined || now - one.endedAt < SHOW_ENDED_MS) shown.push(one);
    }
    return shown;
  }

  /** Open overrides (running, or unknown while not live), for the shift report. */
  stillOpen(): ActiveOverride[] {
    return this.active().filter((o) => o.state === 'running' || o.state === 'unknown');
  }

  /** Statuses or liveness changed for these items: judged again at once when any is one of ours. */
  itemsChanged(hrefs: readonly string[]): void {
    const open = new Set([...this.tracked.values()].filter((t) => t.state === 'open').map((t) => t.itemHref));
    if (hrefs.some((h) => open.has(h))) this.refresh();
  }

  /** Judges every override again and tells the renderer when anything it shows changed. */
  refresh(): void {
    const list = this.active();
    const text = JSON.stringify(list);
    if (text === this.lastSent) return;
    this.lastSent = text;
    this.options.changed(list);
  }

  /**
   * Sends the item's command that ends the override, by the path every command takes (refused while
   * offline, never queued), audited as `override.cancelled` however it ends.
   */
  async cancel(id: string): Promise<ActiveOverride[]> {
    const t = this.tracked.get(id);
    if (!t || t.origin !== this.options.site.origin()) throw new DeskError('invalid-call', 'That override is not one this desk has running on this site');
    if (t.state !== 'open') throw new DeskError('invalid-call', `${t.mode} on ${t.itemName} has already ${t.state === 'cancelled' ? 'been cancelled' : 'ended'}`);
    const undo = lastingOverride(t.itemKind, t.command)?.undo ?? 'cancel';
    const item = this.options.site.item(t.itemHref);
    const undoWords = item ? describeCommand(item.kind, undo).label : undo;
    const action = { kind: 'override.cancelled' as const, item: { href: t.itemHref, name: t.itemName }, command: undo, override: t.mode };
    await audited(this.options.audit, action, async () => {
      if (!item) throw new DeskError('offline', `${t.itemName} is not on the board now: the override was not cancelled`);
      if (!item.commands.includes(undo)) throw new DeskError('forbidden', `The server does not offer "${undoWords}" on ${t.itemName} now: the override was not cancelled`);
      return this.options.site.send({ href: t.itemHref, command: undo });
    });
    this.finish(t, 'cancelled', this.now(), `Cancelled by ${this.options.operator()?.name ?? NOBODY_SIGNED_IN}`);
    this.refresh();
    return this.active();
  }

  private openOn(origin: string, href: string): TrackedOverride[] {
    return [...this.tracked.values()].filter((t) => t.origin === origin && t.itemHref === href && t.state === 'open');
  }

  private finish(t: TrackedOverride, state: 'ended' | 'cancelled', at: number, reason: string): void {
    this.keep({ ...t, state, endedAt: at, reason });
  }

  private keep(t: TrackedOverride): void {
    this.rows.save(t);
    this.tracked.set(t.id, t);
  }

  /** The command in words without the "until…" (the end time is shown on its own). */
  private modeOf(item: BoardItem, command: string): string {
    const name = item.commandOffers.find((o) => o.key === command)?.name;
    return describeCommand(item.kind, command, name).label.replace(/ until…$/, '');
  }
}

function evidence(lookup: BoardLookup | undefined, href: string): ItemEvidence {
  if (!lookup) return { live: false };
  const status = lookup.status(href);
  const live = lookup.connection.phase === 'connected' && status !== undefined && lookup.staleness(href) === undefined;
  return { live, ...(status ? { flags: status.flags } : {}) };
}
