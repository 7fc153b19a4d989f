// Child process for the kill -9 test: writes to a local store in a loop until killed, saying after each
// commit how far it got. Run with `node --import tsx store-writer.ts <dir>`.
import { AuditLog } from '../../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../../electron/core/offline/registry';
import { pairMigration } from './pair-migration';

const store = LocalStore.open(process.argv[2]!, { migrations: [...storeMigrations, pairMigration] });
const audit = new AuditLog(store, { desk: 'writer' });
const bump = store.db.prepare('UPDATE pairs SET a = a + 1, b = b + 1');
const both = store.db.prepare('INSERT INTO pair_log (n) VALUES (?)');
for (let n = 1; ; n++) {
  audit.record({ kind: 'settings.changed', setting: `step ${n}`, outcome: 'done' });
  // Two statements in one transaction: after a kill both are there or neither is.
  store.transaction(() => {
    bump.run();
    both.run(n);
  });
  process.stdout.write(`${n}\n`);
}
