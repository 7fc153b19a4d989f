import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { pairMigration } from './support/pair-migration';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the writer, waits until it has committed `atLeast` rounds, kills it with SIGKILL mid-loop. */
async function writeThenKill(atLeast: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support/store-writer.ts'), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let lastCommitted = 0;
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const lines = d.toString().trim().split('\n');
      lastCommitted = Number(lines.at(-1));
      if (lastCommitted >= atLeast && child.exitCode === null) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited ${code}: ${errors}`))));
  });
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.on('exit', resolve)));
  return lastCommitted;
}

describe('the local store after kill -9', () => {
  it('opens consistent, with every committed write and no half transaction, three kills in a row', { timeout: 60_000 }, async () => {
    let committed = 0;
    for (const round of [1, 2, 3]) {
      committed = await writeThenKill(committed + 40 * round);
      const store = LocalStore.open(dir, { migrations: [...storeMigrations, pairMigration] });
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const { a, b } = store.db.prepare('SELECT a, b FROM pairs').get() as { a: number; b: number };
      expect(a).toBe(b);
      const logged = (store.db.prepare('SELECT COUNT(*) AS n FROM pair_log').get() as { n: number }).n;
      expect(logged).toBe(a);
      // Everything the writer said it committed is there (it may have committed one more before the kill).
      expect(logged).toBeGreaterThanOrEqual(committed);
      const audit = new AuditLog(store, { desk: 'check' });
      expect(audit.check()).toMatchObject({ ok: true });
      expect(audit.overview().entries).toBeGreaterThanOrEqual(committed);
      committed = logged;
      store.close();
    }
  });
});
