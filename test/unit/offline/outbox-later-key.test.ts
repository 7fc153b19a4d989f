import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../../../electron/core/enrolment/outbox-record';
import { SqliteOutboxStore } from '../../../electron/core/enrolment/outbox-sqlite-store';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { KeychainUnavailableError } from '../../../electron/core/vault/errors';
import { LocalDataSealer } from '../../../electron/core/vault/keys/local-data-sealer';

describe('the enrolment outbox and a vault that gets its key after the desk started', () => {
  it('refuses to keep an enrolment without the key, then keeps it sealed once the vault has one, without a restart', async () => {
    const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
    const vault: { key?: LocalDataSealer } = {};
    const outbox = new SqliteOutboxStore(store, async () => {
      // What libsecret says on a desk with no session bus: it must never reach the guard.
      if (!vault.key) throw new KeychainUnavailableError('Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead');
      return vault.key;
    });
    // Only the fields the store's own columns read: sealing does not look inside the record.
    const record = { id: 'e1', seq: 1, origin: 'https://acs.example', state: 'waiting', attempted: false, createdAt: 1, note: 'Ada Lovelace' } as unknown as OutboxRecord;
    const refusal = await outbox.save(record).then(() => new Error("kept without a key"), (e: unknown) => e as Error);
    expect(refusal).toMatchObject({ code: 'keychain', message: /^The enrolment was not sent or kept.*no keychain running.*less-safe key file in Settings/ });
    expect(refusal.message).not.toMatch(/d-?bus|autolaunch|X11|DBUS_SESSION/i);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM enrolment_outbox').get()).toEqual({ n: 0 });
    vault.key = new LocalDataSealer(new Uint8Array(32).fill(3));
    await outbox.save(record);
    const rows = store.db.prepare('SELECT * FROM enrolment_outbox').all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
  });
});
