import { firstStep, type Migration } from '../offline/migrations';

/**
 * The enrolment outbox's table in the desk's local store. Only what orders and routes an enrolment is
 * in plain columns; the enrolment itself (names, card data) is one sealed column.
 */
export const outboxMigrations: Migration[] = [
  firstStep(
    'enrolment-outbox',
    'the enrolment outbox',
    `CREATE TABLE enrolment_outbox (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        origin TEXT NOT NULL,
        state TEXT NOT NULL,
        attempted INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        sealed TEXT NOT NULL
      ) STRICT`,
  ),
];
