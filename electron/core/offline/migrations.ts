import type { Database } from 'better-sqlite3';

/**
 * One step of a feature's schema. Each feature numbers its own steps 1, 2, 3… under its own `feature`
 * name, so two features adding tables at the same time never fight over a number. A step, once
 * released, is never edited: change the schema by adding the next step.
 */
export interface Migration {
  /** The feature that owns the tables, e.g. `audit`, `last-known`, `enrolment-outbox`. */
  feature: string;
  /** 1 for the feature's first step, then 2, 3… with no gaps. */
  version: number;
  /** What the step does, kept in the store beside the version for whoever reads it later. */
  name: string;
  /** Runs inside the step's transaction: a failure leaves the store as it was before the step. */
  up(db: Database): void;
}

/**
 * A feature's first step when all it does is create its tables: the SQL runs as it stands. Later steps
 * (columns added, data moved) are written out in full, as a `Migration` of their own.
 */
export function firstStep(feature: string, name: string, createSql: string): Migration {
  return { feature, version: 1, name, up: (db) => db.exec(createSql) };
}

const ledger = `CREATE TABLE IF NOT EXISTS schema_migrations (
  feature TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (feature, version)
) STRICT`;

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** Checks a feature's steps are numbered 1…n with no gap or repeat, so a typo fails at start, not later. */
function checkNumbering(migrations: readonly Migration[]): Map<string, Migration[]> {
  const byFeature = new Map<string, Migration[]>();
  for (const m of migrations) byFeature.set(m.feature, [...(byFeature.get(m.feature) ?? []), m]);
  for (const [feature, steps] of byFeature) {
    steps.sort((a, b) => a.version - b.version);
    steps.forEach((step, i) => {
      if (step.version !== i + 1) {
        throw new MigrationError(`The ${feature} migrations are numbered ${steps.map((s) => s.version).join(', ')}: they must run 1, 2, 3… with no gap or repeat`);
      }
    });
  }
  return byFeature;
}

/**
 * Brings the store's schema up to date: every step not yet recorded runs, each in its own transaction
 * with its ledger row, so a crash between steps leaves a store that the next start simply continues.
 * A store written by a newer Gatehouse (a step this build does not know) is refused rather than guessed at.
 */
export function migrate(db: Database, migrations: readonly Migration[], now: () => number = Date.now): string[] {
  const byFeature = checkNumbering(migrations);
  db.exec(ledger);
  const applied = db.prepare('SELECT feature, MAX(version) AS version FROM schema_migrations GROUP BY feature').all() as { feature: string; version: number }[];
  for (const { feature, version } of applied) {
    const known = byFeature.get(feature)?.length ?? 0;
    if (version > known) {
      throw new MigrationError(
        `The local store was written by a newer Gatehouse (${feature} schema step ${version}; this one knows ${known}). Update Gatehouse, or move the store aside to start afresh.`,
      );
    }
  }
  const done = new Map(applied.map((a) => [a.feature, a.version]));
  const record = db.prepare('INSERT INTO schema_migrations (feature, version, name, applied_at) VALUES (?, ?, ?, ?)');
  const ran: string[] = [];
  for (const [feature, steps] of byFeature) {
    for (const step of steps.slice(done.get(feature) ?? 0)) {
      db.transaction(() => {
        step.up(db);
        record.run(feature, step.version, step.name, now());
      }).immediate();
      ran.push(`${feature} ${step.version}: ${step.name}`);
    }
  }
  return ran;
}
