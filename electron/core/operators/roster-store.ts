import { z } from 'zod';
import { Operator, OperatorCard, SignInPolicy } from '../../../shared/contract/operators';
import type { LocalStore } from '../offline/local-store';
import { storedJson } from '../offline/stored-json';
import type { StoredDeskPin } from './desk-pin';

interface OperatorRow {
  id: string;
  name: string;
  cardholder_id: string;
  cardholder_href: string;
  role: string;
  cards: string;
  pin_salt: string | null;
  pin_hash: string | null;
  added_at: number;
}

/** An operator as main keeps it: the contract's shape plus the desk PIN's hash, which never leaves main. */
export interface RosterEntry {
  operator: Operator;
  deskPin?: StoredDeskPin;
}

const StoredCards = z.array(OperatorCard);

/** The roster and the sign-in policy in the local store; each change is one transaction. */
export class RosterStore {
  constructor(private readonly store: LocalStore) {}

  /** The local store the roster lives in, for the operators' other tables (wrong PINs). */
  get localStore(): LocalStore {
    return this.store;
  }

  /** One of the operators' own settings (JSON), or undefined. */
  setting(key: string): unknown {
    const row = this.store.db.prepare('SELECT value FROM operator_settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? storedJson(row.value) : undefined;
  }

  setSetting(key: string, value: unknown): void {
    this.store.transaction(() =>
      this.store.db
        .prepare('INSERT INTO operator_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(key, JSON.stringify(value)),
    );
  }

  entries(): RosterEntry[] {
    const rows = this.store.db.prepare('SELECT * FROM operators ORDER BY added_at, name').all() as OperatorRow[];
    return rows.flatMap((row) => {
      const cards = StoredCards.safeParse(storedJson(row.cards));
      const operator = Operator.safeParse({
        id: row.id,
        name: row.name,
        cardholderId: row.cardholder_id,
        cardholderHref: row.cardholder_href,
        role: row.role,
        cards: cards.success ? cards.data : [],
        hasDeskPin: row.pin_hash !== null,
        addedAt: row.added_at,
      });
      // A row this version cannot read is left alone, never fatal (and never signs anyone in).
      if (!operator.success) return [];
      const deskPin = row.pin_salt !== null && row.pin_hash !== null ? { salt: row.pin_salt, hash: row.pin_hash } : undefined;
      return [{ operator: operator.data, ...(deskPin ? { deskPin } : {}) }];
    });
  }

  isEmpty(): boolean {
    return (this.store.db.prepare('SELECT COUNT(*) AS n FROM operators').get() as { n: number }).n === 0;
  }

  add(entry: RosterEntry): void {
    const { operator, deskPin } = entry;
    this.store.transaction(() =>
      this.store.db
        .prepare(
          `INSERT INTO operators (id, name, cardholder_id, cardholder_href, role, cards, pin_salt, pin_hash, added_at)
           VALUES (@id, @name, @cardholderId, @cardholderHref, @role, @cards, @pinSalt, @pinHash, @addedAt)`,
        )
        .run({
          id: operator.id,
          name: operator.name,
          cardholderId: operator.cardholderId,
          cardholderHref: operator.cardholderHref,
          role: operator.role,
          cards: JSON.stringify(operator.cards),
          pinSalt: deskPin?.salt ?? null,
          pinHash: deskPin?.hash ?? null,
          addedAt: operator.addedAt,
        }),
    );
  }

  remove(id: string): void {
    this.store.transaction(() => this.store.db.prepare('DELETE FROM operators WHERE id = ?').run(id));
  }

  setCards(id: string, cards: readonly OperatorCard[]): void {
    this.store.transaction(() => this.store.db.prepare('UPDATE operators SET cards = ? WHERE id = ?').run(JSON.stringify(cards), id));
  }

  policy(fallback: SignInPolicy): SignInPolicy {
    const stored = SignInPolicy.safeParse(this.setting('policy'));
    return stored.success ? stored.data : fallback;
  }

  setPolicy(policy: SignInPolicy): void {
    this.setSetting('policy', policy);
  }
}
