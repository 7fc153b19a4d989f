import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { LocalDataSealer } from '../../../electron/core/vault/keys/local-data-sealer';

const day = 86_400_000;

function auditAt(clock: { now: number }, sealer?: LocalDataSealer) {
  const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const log = new AuditLog(store, { desk: 'desk-1', now: () => clock.now });
  if (sealer) log.useSealer(sealer);
  return { store, log };
}

const override = (requestedBy?: string) =>
  ({ kind: 'override', item: { href: 'https://s/doors/1', name: 'Front door' }, command: 'open', outcome: 'done', ...(requestedBy ? { requestedBy } : {}) }) as const;

describe('AuditLog', () => {
  it('appends entries with time, desk and outcome, newest first, chained by hash', () => {
    const clock = { now: 1_000 };
    const { log } = auditAt(clock);
    log.record(override());
    clock.now = 2_000;
    log.record({ kind: 'site.switched', site: 'demo', outcome: 'done' });
    const page = log.list({ limit: 10 });
    expect(page.entries.map((e) => [e.seq, e.at, e.desk, e.action.kind])).toEqual([
      [2, 2_000, 'desk-1', 'site.switched'],
      [1, 1_000, 'desk-1', 'override'],
    ]);
    expect(log.check()).toEqual({ ok: true, entries: 2 });
  });

  it('refuses an entry that does not fit its kind, saying which field', () => {
    const { log } = auditAt({ now: 1 });
    expect(() => log.record({ kind: 'override', outcome: 'done' } as never)).toThrow(/item/);
  });

  it('reports the first broken link when an entry is altered or removed', () => {
    const { store, log } = auditAt({ now: 1 });
    for (const name of ['a', 'b', 'c', 'd']) log.record({ kind: 'settings.changed', setting: name, outcome: 'done' });
    store.db.prepare("UPDATE audit_entries SET outcome = 'failed' WHERE seq = 2").run();
    expect(log.check()).toMatchObject({ ok: false, brokenAt: 2, reason: 'Entry 2 was altered after it was recorded' });
    store.db.prepare("UPDATE audit_entries SET outcome = 'done' WHERE seq = 2").run();
    expect(log.check().ok).toBe(true);
    store.db.prepare('DELETE FROM audit_entries WHERE seq = 3').run();
    expect(log.check()).toMatchObject({ ok: false, brokenAt: 4, reason: expect.stringMatching(/removed, reordered or altered/) });
  });

  it('seals the cardholder an override was requested by, and shows it opened', () => {
    const { store, log } = auditAt({ now: 1 }, new LocalDataSealer(new Uint8Array(32).fill(7)));
    log.record(override('cardholder-4711'));
    const raw = store.db.prepare('SELECT action, personal FROM audit_entries').get() as { action: string; personal: string };
    expect(raw.action).not.toContain('4711');
    expect(raw.personal).not.toContain('4711');
    const [entry] = log.list({ limit: 1 }).entries;
    expect(entry).toMatchObject({ personal: 'sealed', action: { requestedBy: 'cardholder-4711' } });
  });

  it("seals the requester's name beside their id", () => {
    const { store, log } = auditAt({ now: 1 }, new LocalDataSealer(new Uint8Array(32).fill(7)));
    log.record({ ...override('cardholder-4711'), requestedByName: 'Morgan Reyes' });
    expect(JSON.stringify(store.db.prepare('SELECT * FROM audit_entries').all())).not.toContain('Reyes');
    expect(log.list({ limit: 1 }).entries[0]).toMatchObject({ action: { requestedBy: 'cardholder-4711', requestedByName: 'Morgan Reyes' } });
  });

  it('withholds personal fields rather than keep them plain when the vault key is not there', () => {
    const { store, log } = auditAt({ now: 1 });
    log.record(override('cardholder-4711'));
    expect(JSON.stringify(store.db.prepare('SELECT * FROM audit_entries').all())).not.toContain('4711');
    expect(log.list({ limit: 1 }).entries[0]).toMatchObject({ personal: 'withheld', action: { requestedBy: expect.stringMatching(/not kept/) } });
  });

  it('takes the vault\'s key when the vault gets it after the desk started, without a restart', async () => {
    const { store, log } = auditAt({ now: 1 });
    const vault: { key?: LocalDataSealer } = {};
    let asked = 0;
    await log.sealWith(async () => {
      asked++;
      if (!vault.key) throw new Error('The OS keychain is locked');
      return vault.key;
    });
    log.record(override('cardholder-1'));
    expect(log.list({ limit: 1 }).entries[0]).toMatchObject({ personal: 'withheld' });
    // First setup: the vault has its key now, and setup is itself an entry.
    vault.key = new LocalDataSealer(new Uint8Array(32).fill(9));
    log.record({ kind: 'settings.changed', setting: 'API key', outcome: 'done' });
    await new Promise((r) => setTimeout(r, 0));
    log.record(override('cardholder-2'));
    const [latest] = log.list({ limit: 1 }).entries;
    expect(latest).toMatchObject({ personal: 'sealed', action: { requestedBy: 'cardholder-2' } });
    expect(JSON.stringify(store.db.prepare('SELECT * FROM audit_entries').all())).not.toContain('cardholder-2');
    // Once it has the key it stops asking.
    const before = asked;
    log.record(override('cardholder-3'));
    expect(asked).toBe(before);
  });

  it('filters by time, kind, outcome and words', () => {
    const clock = { now: 1_000 };
    const { log } = auditAt(clock);
    log.record(override());
    clock.now = 5_000;
    log.record({ kind: 'override', item: { href: 'h2', name: 'Loading dock' }, command: 'lock', outcome: 'refused', outcomeText: 'Not connected' });
    log.record({ kind: 'settings.changed', setting: 'API key replaced', outcome: 'done' });
    expect(log.matching({ from: 2_000 }).map((e) => e.seq)).toEqual([3, 2]);
    expect(log.matching({ kinds: ['override'] }).map((e) => e.seq)).toEqual([2, 1]);
    expect(log.matching({ outcomes: ['refused'] }).map((e) => e.seq)).toEqual([2]);
    expect(log.matching({ text: 'loading' }).map((e) => e.seq)).toEqual([2]);
  });

  it('prunes entries past the retention, records the pruning, and the chain still checks', () => {
    const clock = { now: 0 };
    const { log } = auditAt(clock);
    for (let i = 0; i < 5; i++) {
      clock.now = i * day;
      log.record({ kind: 'settings.changed', setting: `s${i}`, outcome: 'done' });
    }
    clock.now = 10 * day;
    log.setRetention(8);
    const kept = log.list({ limit: 100 }).entries;
    // Entries from days 0 and 1 are older than 8 days; day 2 is exactly 8 days old and stays.
    expect(kept.map((e) => e.action)).toMatchObject([
      { kind: 'audit.pruned', count: 2, fromSeq: 1, toSeq: 2 },
      { kind: 'audit.retention', retentionDays: 8 },
      { setting: 's4' },
      { setting: 's3' },
      { setting: 's2' },
    ]);
    expect(log.check()).toEqual({ ok: true, entries: 5 });
    expect(log.overview().retentionDays).toBe(8);
    // Sequence numbers carry on after pruning.
    expect(log.record({ kind: 'site.switched', site: 'auto', outcome: 'done' }).seq).toBe(8);
  });
});

describe('AuditLog and the operator', () => {
  it('names the signed-in operator in each entry, keeps the chain whole, and finds entries by the name', () => {
    const { store, log } = auditAt({ now: 5 });
    const desk: { operator?: string } = {};
    log.attributeTo(() => desk.operator);
    log.record(override());
    desk.operator = 'Ada Guard';
    log.record({ kind: 'operator.signedIn', method: 'card', outcome: 'done' });
    log.record(override());
    const entries = log.list({ limit: 10 }).entries;
    expect(entries.map((e) => e.operator)).toEqual(['Ada Guard', 'Ada Guard', undefined]);
    expect(log.check()).toEqual({ ok: true, entries: 3 });
    expect(log.list({ limit: 10, text: 'ada guard' }).total).toBe(2);
    // The name is covered by the hash: changing who did it breaks the chain.
    store.db.prepare("UPDATE audit_entries SET operator = 'Someone Else' WHERE seq = 3").run();
    expect(log.check()).toMatchObject({ ok: false, brokenAt: 3 });
  });
});
