import { DeskError } from '../../../shared/errors';
import type { LocalStore } from '../offline/local-store';
import type { LocalDataSealer } from '../vault/keys/local-data-sealer';
import { OutboxRecord, type OutboxStore } from './outbox-record';

const PURPOSE = 'enrolment-outbox';

interface Row {
  id: string;
  sealed: string;
}

/**
 * The outbox in the desk's local store (WAL, full syncs: a saved record survives a kill -9). Each save
 * is one statement, so a record is on disk whole or not at all; the record is sealed with the vault's
 * local-store key, and without that key nothing is written at all (never in plain text).
 */
export class SqliteOutboxStore implements OutboxStore {
  private sealing: Promise<LocalDataSealer> | undefined;

  constructor(
    private readonly store: LocalStore,
    private readonly sealer: () => Promise<LocalDataSealer>,
  ) {}

  async load(): Promise<OutboxRecord[]> {
    const rows = this.store.db.prepare('SELECT id, sealed FROM enrolment_outbox ORDER BY seq').all() as Row[];
    if (rows.length === 0) return [];
    const sealer = await this.key();
    return rows.map((row) => {
      const parsed = OutboxRecord.safeParse(JSON.parse(sealer.open(PURPOSE, row.sealed)));
      if (!parsed.success) throw new DeskError('credentials', `Enrolment outbox: record ${row.id} is not in the expected form`);
      return parsed.data;
    });
  }

  async save(record: OutboxRecord): Promise<void> {
    const sealed = (await this.key()).seal(PURPOSE, JSON.stringify(record));
    this.store.db
      .prepare(
        `INSERT INTO enrolment_outbox (id, seq, origin, state, attempted, created_at, sealed) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET state = excluded.state, attempted = excluded.attempted, sealed = excluded.sealed`,
      )
      .run(record.id, record.seq, record.origin, record.state, record.attempted ? 1 : 0, record.createdAt, sealed);
  }

  private key(): Promise<LocalDataSealer> {
    this.sealing ??= this.sealer().catch((error: unknown) => {
      this.sealing = undefined;
      // A VaultError is in words already (no keychain: the way out is the key file in Settings).
      const why = error instanceof DeskError ? error.message : 'The vault did not answer.';
      throw new DeskError('keychain', `The enrolment was not sent or kept: it is sealed with the vault's key first. ${why}`);
    });
    return this.sealing;
  }
}
