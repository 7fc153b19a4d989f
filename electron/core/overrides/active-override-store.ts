import type { ItemKind } from '../../../shared/domain';
import type { LocalStore } from '../offline/local-store';
import type { TrackedOverride } from './override-state';

interface Row {
  id: string;
  origin: string;
  item_href: string;
  item_name: string;
  item_kind: string;
  command: string;
  mode: string;
  operator: string;
  sent_at: number;
  ends_at: number | null;
  state: string;
  seen: number;
  ended_at: number | null;
  reason: string | null;
}

/** Ended overrides are kept this long (the shift report reads the audit log, not these rows). */
const KEEP_ENDED_MS = 24 * 3_600_000;

/** The `active_overrides` table: one row per override sent, each change one statement (whole or absent after a kill). */
export class ActiveOverrideStore {
  constructor(private readonly store: LocalStore) {}

  /** Every override still open, and those ended within the last day, oldest first. */
  load(now: number): TrackedOverride[] {
    this.store.db.prepare("DELETE FROM active_overrides WHERE state <> 'open' AND ended_at < ?").run(now - KEEP_ENDED_MS);
    const rows = this.store.db.prepare('SELECT * FROM active_overrides ORDER BY sent_at, id').all() as Row[];
    return rows.map(fromRow);
  }

  save(t: TrackedOverride): void {
    this.store.db
      .prepare(
        `INSERT INTO active_overrides (id, origin, item_href, item_name, item_kind, command, mode, operator, sent_at, ends_at, state, seen, ended_at, reason)
         VALUES (@id, @origin, @item_href, @item_name, @item_kind, @command, @mode, @operator, @sent_at, @ends_at, @state, @seen, @ended_at, @reason)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, seen = excluded.seen, ended_at = excluded.ended_at, reason = excluded.reason`,
      )
      .run(toRow(t));
  }
}

function toRow(t: TrackedOverride): Row {
  return {
    id: t.id,
    origin: t.origin,
    item_href: t.itemHref,
    item_name: t.itemName,
    item_kind: t.itemKind,
    command: t.command,
    mode: t.mode,
    operator: t.operator,
    sent_at: t.sentAt,
    ends_at: t.endsAt ?? null,
    state: t.state,
    seen: t.seen ? 1 : 0,
    ended_at: t.endedAt ?? null,
    reason: t.reason ?? null,
  };
}

function fromRow(r: Row): TrackedOverride {
  return {
    id: r.id,
    origin: r.origin,
    itemHref: r.item_href,
    itemName: r.item_name,
    itemKind: r.item_kind as ItemKind,
    command: r.command,
    mode: r.mode,
    operator: r.operator,
    sentAt: r.sent_at,
    ...(r.ends_at !== null ? { endsAt: r.ends_at } : {}),
    state: r.state === 'ended' || r.state === 'cancelled' ? r.state : 'open',
    seen: r.seen === 1,
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.reason !== null ? { reason: r.reason } : {}),
  };
}
