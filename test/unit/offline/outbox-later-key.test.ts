import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../../../electron/core/enrolment/outbox-record';
import { SqliteOutboxStore } from '../../../electron/core/enrolment/outbox-sqlite-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { LocalDataSealer } from '../../../electron/core/vault/keys/local-data-sealer';

describe('the enrolment outbox and a vault that gets its key after the desk started', () => {
  it('refuses to keep an enrolment without the key, then keeps it sealed once the vault has one, without a restart', async () => {
    const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
    const vault: { key?: LocalDataSealer } = {};
    const outbox = new SqliteOutboxStore(store, async () => {
      if (!vault.key) throw new Error('The OS keychain is locked');
      return vault.key;
    });
    // Only the fields the store's own columns read: sealing does not look inside the record.
    const record = { id: 'e1', seq: 1, origin: 'https://acs.example', state: 'waiting', attempted: false, createdAt: 1, note: 'Ada Lovelace' } as unknown as OutboxRecord;
    await expect(outbox.save(record)).rejects.toMatchObject({ code: 'keychain', message: /nothing was stored/ });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM enrolment_outbox').get()).toEqual({ n: 0 });
    vault.key = new LocalDataSealer(new Uint8Array(32).fill(3));
    await outbox.save(record);
    const rows = store.db.prepare('SELECT * FROM enrolment_outbox').all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
  });
});
