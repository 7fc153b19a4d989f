import { AuditAction, type AuditCheck, type AuditEntry, type AuditFilter, type AuditOverview, type AuditPage } from '../../../shared/contract/audit';
import type { LocalDataSealer } from '../vault/keys/local-data-sealer';
import { checkChain, entryHash, genesisHash, type AuditRow } from './audit-chain';
import type { LocalStore } from './local-store';

/** Fields of an action that name a person: sealed in the store, never kept in plain text. */
const personalFields: Partial<Record<AuditAction['kind'], readonly string[]>> = {
  override: ['requestedBy', 'requestedByName'],
  enrolment: ['cardholder', 'cardNumber'],
  'operator.signedIn': ['cardSubject'],
  'visitor.state': ['visitor'],
  'visitor.hostNotified': ['visitor', 'host'],
  'visit.walkIn': ['visitor', 'host'],
  'visitorCard.issued': ['visitor', 'cardNumber'],
  'visitorCard.collected': ['visitor', 'cardNumber'],
  'rollCall.markedSafe': ['person'],
};
const withheldText = '(not kept: the vault key was unavailable)';
const unreadableText = '(sealed under a key this desk no longer has)';
const dayMs = 86_400_000;
export const defaultRetentionDays = 365;

export interface AuditLogOptions {
  /** This desk's name, recorded with every entry. */
  desk: string;
  now?: () => number;
  /** Told of each entry once it is stored (the desk forwards it to an open audit screen). */
  appended?: (entry: AuditEntry) => void;
}

/**
 * Every action taken at this desk, appended to the local store with time, desk and outcome. Each entry
 * carries the hash of the one before it (audit-chain.ts), so `check` finds the first broken link.
 * `record` is synchronous and commits before it returns: an entry recorded is an entry kept.
 * Entries older than the retention are pruned, and each pruning is itself an entry.
 */
export class AuditLog {
  private sealer: LocalDataSealer | undefined;
  /** Where the sealer comes from (the vault), asked again while it has not given one. */
  private sealerSource: (() => Promise<LocalDataSealer>) | undefined;
  private asking: Promise<void> | undefined;
  /** An entry came while the vault was being asked: if that answer is no, ask once more (the key may be newer). */
  private askAgain = false;
  private readonly now: () => number;
  private lastPruneAt = 0;
  /** Who is signed in at the desk, named in every entry recorded (absent: nobody, or no roster). */
  private operatorName: () => string | undefined = () => undefined;

  constructor(
    private readonly store: LocalStore,
    private readonly options: AuditLogOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** From now on each entry names the operator this gives (the desk's signed-in operator). */
  attributeTo(operatorName: () => string | undefined): void {
    this.operatorName = operatorName;
  }

  /** From now on personal fields are sealed with this; until it is given they are withheld, not kept plain. */
  useSealer(sealer: LocalDataSealer): void {
    this.sealer = sealer;
  }

  /**
   * Asks `source` (the vault) for the sealer now, and again at each entry recorded while it has none:
   * a vault that gets its key after the desk started (first setup, a keychain unlocked) is used from
   * then on without a restart. Setup is itself recorded (settings changed), so the entries after it are sealed.
   */
  sealWith(source: () => Promise<LocalDataSealer>): Promise<void> {
    this.sealerSource = source;
    return this.askForSealer();
  }

  private askForSealer(): Promise<void> {
    const source = this.sealerSource;
    if (this.sealer || !source) return Promise.resolve();
    if (this.asking) {
      this.askAgain = true;
      return this.asking;
    }
    // A locked or missing keychain leaves personal fields withheld (and said so), never written plain.
    this.asking = source().then(
      (sealer) => this.useSealer(sealer),
      () => undefined,
    );
    return this.asking.finally(() => {
      this.asking = undefined;
      if (!this.askAgain) return;
      this.askAgain = false;
      return this.askForSealer();
    });
  }

  record(action: AuditAction): AuditEntry {
    void this.askForSealer();
    this.pruneIfDue();
    return this.appendAndTell(AuditAction.parse(action));
  }

  list(filter: AuditFilter & { beforeSeq?: number; limit: number }): AuditPage {
    const matching = this.matching(filter);
    const after = filter.beforeSeq === undefined ? matching : matching.filter((e) => e.seq < filter.beforeSeq!);
    return { entries: after.slice(0, filter.limit), total: matching.length, more: after.length > filter.limit };
  }

  /** Every entry the filter matches, newest first. */
  matching(filter: AuditFilter): AuditEntry[] {
    const text = filter.text?.trim().toLowerCase();
    const rows = this.store.db
      .prepare('SELECT * FROM audit_entries WHERE at >= ? AND at <= ? ORDER BY seq DESC')
      .all(filter.from ?? 0, filter.to ?? Number.MAX_SAFE_INTEGER) as AuditRow[];
    return rows
      .filter((r) => (!filter.kinds || filter.kinds.includes(r.kind as AuditAction['kind'])) && (!filter.outcomes || filter.outcomes.includes(r.outcome as AuditEntry['action']['outcome'])))
      .map((r) => this.toEntry(r))
      .filter((e) => !text || JSON.stringify([e.operator ?? '', e.action]).toLowerCase().includes(text));
  }

  /** When each entry of `kind` with `outcome` since `from` was recorded: a count the desk shows, without opening any entry. */
  timesOf(kind: AuditAction['kind'], outcome: AuditEntry['action']['outcome'], from: number): number[] {
    const rows = this.store.db.prepare('SELECT at FROM audit_entries WHERE at >= ? AND kind = ? AND outcome = ?').all(from, kind, outcome) as { at: number }[];
    return rows.map((r) => r.at);
  }

  check(): AuditCheck {
    const rows = this.store.db.prepare('SELECT * FROM audit_entries ORDER BY seq').iterate() as Iterable<AuditRow>;
    return checkChain(rows, this.meta('anchor') ?? genesisHash);
  }

  overview(): AuditOverview {
    const { entries, oldestAt } = this.store.db.prepare('SELECT COUNT(*) AS entries, MIN(at) AS oldestAt FROM audit_entries').get() as { entries: number; oldestAt: number | null };
    return { entries, ...(oldestAt === null ? {} : { oldestAt }), retentionDays: this.retentionDays(), check: this.check() };
  }

  retentionDays(): number | null {
    const stored = this.meta('retentionDays');
    if (stored === undefined) return defaultRetentionDays;
    return stored === 'keep' ? null : Number(stored);
  }

  /** Changes how long entries are kept; the change is recorded, and anything now too old is pruned. */
  setRetention(days: number | null): void {
    this.store.transaction(() => this.setMeta('retentionDays', days === null ? 'keep' : String(days)));
    this.appendAndTell({ kind: 'audit.retention', retentionDays: days, outcome: 'done' });
    this.prune();
  }

  /** Removes entries older than the retention and records that it did; returns how many went. */
  prune(): number {
    this.lastPruneAt = this.now();
    const days = this.retentionDays();
    if (days === null) return 0;
    const olderThan = this.now() - days * dayMs;
    const entry = this.store.transaction(() => {
      const gone = this.store.db.prepare('SELECT MIN(seq) AS fromSeq, MAX(seq) AS toSeq, COUNT(*) AS count FROM audit_entries WHERE at < ?').get(olderThan) as { fromSeq: number | null; toSeq: number; count: number };
      if (gone.count === 0 || gone.fromSeq === null) return undefined;
      const last = this.store.db.prepare('SELECT hash FROM audit_entries WHERE seq = ?').get(gone.toSeq) as { hash: string };
      this.store.db.prepare('DELETE FROM audit_entries WHERE seq <= ?').run(gone.toSeq);
      // The kept chain now starts from the last removed entry's hash: the check starts there.
      this.setMeta('anchor', last.hash);
      return this.append({ kind: 'audit.pruned', count: gone.count, fromSeq: gone.fromSeq, toSeq: gone.toSeq, olderThan, lastHash: last.hash, outcome: 'done' });
    });
    if (!entry) return 0;
    this.options.appended?.(entry);
    return entry.action.kind === 'audit.pruned' ? entry.action.count : 0;
  }

  private pruneIfDue(): void {
    if (this.now() - this.lastPruneAt > 3_600_000) this.prune();
  }

  private appendAndTell(action: AuditAction): AuditEntry {
    const entry = this.append(action);
    this.options.appended?.(entry);
    return entry;
  }

  private append(action: AuditAction): AuditEntry {
    const { plain, personal, state } = this.split(action);
    return this.store.transaction(() => {
      const last = this.store.db.prepare('SELECT seq, hash FROM audit_entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
      const seq = (last?.seq ?? Number(this.meta('lastSeq') ?? 0)) + 1;
      const row: Omit<AuditRow, 'hash'> = {
        seq,
        at: this.now(),
        desk: this.options.desk,
        kind: action.kind,
        outcome: action.outcome,
        action: JSON.stringify(plain),
        personal,
        personal_state: state,
        operator: this.operatorName() ?? null,
        prev_hash: last?.hash ?? this.meta('anchor') ?? genesisHash,
      };
      const stored: AuditRow = { ...row, hash: entryHash(row) };
      this.store.db
        .prepare('INSERT INTO audit_entries (seq, at, desk, kind, outcome, action, personal, personal_state, operator, prev_hash, hash) VALUES (@seq, @at, @desk, @kind, @outcome, @action, @personal, @personal_state, @operator, @prev_hash, @hash)')
        .run(stored);
      // Numbers are never reused, even after everything was pruned.
      this.setMeta('lastSeq', String(seq));
      return this.toEntry(stored);
    });
  }

  private split(action: AuditAction): { plain: Record<string, unknown>; personal: string | null; state: AuditEntry['personal'] } {
    const fields = personalFields[action.kind] ?? [];
    const plain: Record<string, unknown> = { ...action };
    const personal: Record<string, unknown> = {};
    for (const f of fields) {
      if (plain[f] === undefined) continue;
      personal[f] = plain[f];
      delete plain[f];
    }
    if (Object.keys(personal).length === 0) return { plain, personal: null, state: 'none' };
    if (!this.sealer) return { plain, personal: null, state: 'withheld' };
    return { plain, personal: this.sealer.seal(`audit/${action.kind}`, JSON.stringify(personal)), state: 'sealed' };
  }

  private toEntry(row: AuditRow): AuditEntry {
    const action = JSON.parse(row.action) as Record<string, unknown>;
    let state = row.personal_state as AuditEntry['personal'];
    const fields = personalFields[row.kind as AuditAction['kind']] ?? [];
    if (state === 'sealed' && row.personal !== null) {
      try {
        if (!this.sealer) throw new Error('no sealer');
        Object.assign(action, JSON.parse(this.sealer.open(`audit/${row.kind}`, row.personal)));
      } catch {
        state = 'unreadable';
      }
    }
    if (state === 'withheld' || state === 'unreadable') {
      for (const f of fields) if (action[f] === undefined && (f === 'cardholder' || f === 'requestedBy' || f === 'cardSubject')) action[f] = state === 'withheld' ? withheldText : unreadableText;
    }
    return { seq: row.seq, at: row.at, desk: row.desk, ...(row.operator ? { operator: row.operator } : {}), action: action as AuditAction, personal: state, hash: row.hash };
  }

  private meta(key: string): string | undefined {
    return (this.store.db.prepare('SELECT value FROM audit_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  private setMeta(key: string, value: string): void {
    this.store.db.prepare('INSERT INTO audit_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }
}
