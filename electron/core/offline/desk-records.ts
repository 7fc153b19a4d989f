import { AuditLog } from './audit-log';
import { LastKnownStore } from './last-known-store';
import { LocalStore } from './local-store';
import { storeMigrations } from './registry';
import type { LocalDataSealer } from '../vault/keys/local-data-sealer';

/** What one desk keeps on this machine: the store and the services over it. One per desk, closed on stop. */
export interface DeskRecords {
  store: LocalStore;
  audit: AuditLog;
  lastKnown: LastKnownStore;
  /** The vault's sealer for personal data the store keeps; absent where the desk has no vault (tools, tests). */
  sealer?: () => Promise<LocalDataSealer>;
  close(): void;
}

export interface DeskRecordsOptions {
  /** The settings folder: the store's file goes beside config.json. */
  dir: string;
  /** This desk's name in the audit log. */
  desk: string;
  /** Where personal data gets sealed (the vault); until it answers, personal fields are withheld. */
  sealer?: () => Promise<LocalDataSealer>;
  now?: () => number;
  /** better-sqlite3's compiled module for this runtime, when not the one in node_modules (LocalStoreOptions). */
  nativeBinding?: string;
}

export function openDeskRecords(options: DeskRecordsOptions): DeskRecords {
  const store = LocalStore.open(options.dir, {
    migrations: storeMigrations,
    ...(options.now ? { now: options.now } : {}),
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  const audit = new AuditLog(store, { desk: options.desk, ...(options.now ? { now: options.now } : {}) });
  if (options.sealer) void audit.sealWith(options.sealer);
  const lastKnown = new LastKnownStore(store, options.now);
  return {
    store,
    audit,
    lastKnown,
    ...(options.sealer ? { sealer: options.sealer } : {}),
    close: () => {
      lastKnown.flush();
      store.close();
    },
  };
}
