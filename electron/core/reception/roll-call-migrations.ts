import { firstStep, type Migration } from '../offline/migrations';

/**
 * The last roll call each site gave this desk, for when the server is away during an evacuation. It
 * names people, so the roll call itself is one sealed column; only the site and when it was read are plain.
 */
export const rollCallMigrations: Migration[] = [
  firstStep(
    'roll-call',
    'the last roll call per site',
    `CREATE TABLE roll_call_kept (
        site TEXT PRIMARY KEY,
        read_at INTEGER NOT NULL,
        sealed TEXT NOT NULL
      ) STRICT`,
  ),
];
