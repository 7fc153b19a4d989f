import { firstStep, type Migration } from '../offline/migrations';

/**
 * The overrides this desk sent that last (a mode until an end time or a cancel), kept so the desk
 * still knows them after a restart. The operator named is one of the desk's own operators (as the
 * roster and the audit log name them), never a cardholder the override was requested by.
 */
export const activeOverrideMigrations: Migration[] = [
  firstStep(
    'active-overrides',
    'the overrides sent from this desk',
    `CREATE TABLE active_overrides (
        id TEXT PRIMARY KEY,
        origin TEXT NOT NULL,
        item_href TEXT NOT NULL,
        item_name TEXT NOT NULL,
        item_kind TEXT NOT NULL,
        command TEXT NOT NULL,
        mode TEXT NOT NULL,
        operator TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        ends_at INTEGER,
        state TEXT NOT NULL,
        seen INTEGER NOT NULL,
        ended_at INTEGER,
        reason TEXT
      ) STRICT;
      CREATE INDEX active_overrides_by_item ON active_overrides (origin, item_href)`,
  ),
];
