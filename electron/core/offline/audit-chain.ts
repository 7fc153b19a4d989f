import { createHash } from 'node:crypto';

/** The `prev_hash` of the very first entry. */
export const genesisHash = '0'.repeat(64);

/** An audit row as stored: what the hash covers. */
export interface AuditRow {
  seq: number;
  at: number;
  desk: string;
  kind: string;
  outcome: string;
  /** The action's non-personal fields as JSON. */
  action: string;
  /** The personal fields, sealed, or null. */
  personal: string | null;
  personal_state: string;
  /** The signed-in operator's name, or null (entries from before operators, or nobody signed in). */
  operator: string | null;
  prev_hash: string;
  hash: string;
}

/**
 * Each entry's hash covers its own content and the previous entry's hash, so changing, removing or
 * reordering any entry breaks every link after it. It covers the sealed personal text, so the chain
 * can be checked without the vault's key.
 */
export function entryHash(row: Omit<AuditRow, 'hash'>): string {
  const fields: unknown[] = [row.seq, row.at, row.desk, row.kind, row.outcome, row.action, row.personal, row.personal_state];
  // Only entries that name an operator hash it, so entries recorded before the column keep their hashes.
  if (row.operator !== null && row.operator !== undefined) fields.push(row.operator);
  const content = JSON.stringify(fields);
  return createHash('sha256').update(row.prev_hash).update('\n').update(content).digest('hex');
}

export type ChainCheck = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; reason: string };

/** Walks rows in order from `start` (the anchor after pruning, or genesis) and reports the first broken link. */
export function checkChain(rows: Iterable<AuditRow>, start: string): ChainCheck {
  let expected = start;
  let entries = 0;
  for (const row of rows) {
    entries++;
    if (row.prev_hash !== expected) {
      return { ok: false, entries, brokenAt: row.seq, reason: `Entry ${row.seq} does not follow the entry before it: an entry was removed, reordered or altered` };
    }
    if (entryHash(row) !== row.hash) {
      return { ok: false, entries, brokenAt: row.seq, reason: `Entry ${row.seq} was altered after it was recorded` };
    }
    expected = row.hash;
  }
  return { ok: true, entries };
}
