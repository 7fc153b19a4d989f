import type { CardholderMatch } from '../../../shared/contract/directory';

/** Most names kept from searches: a shift's worth of "on behalf of" picks, never the whole directory. */
const SEEN_LIMIT = 500;

/**
 * Cardholders' names by the server's id, as the desk knows them: its operators' roster first, then the
 * names the cardholder searches gave out (the "on behalf of" picker). What an override was requested by
 * is recorded in the audit log by name as well as by id, so the log reads "requested by Morgan Reyes".
 */
export class CardholderNames {
  private readonly seen = new Map<string, string>();

  constructor(private readonly roster: () => readonly { cardholderId: string; name: string }[]) {}

  /** Keeps the names a search gave out, the latest last (the oldest go first past the limit). */
  saw(matches: readonly Pick<CardholderMatch, 'id' | 'name'>[]): void {
    for (const m of matches) {
      this.seen.delete(m.id);
      this.seen.set(m.id, m.name);
    }
    for (const id of this.seen.keys()) {
      if (this.seen.size <= SEEN_LIMIT) break;
      this.seen.delete(id);
    }
  }

  nameOf(id: string): string | undefined {
    let operators: readonly { cardholderId: string; name: string }[] = [];
    try {
      operators = this.roster();
    } catch {
      // A desk without a local store has no roster: the searches' names are all it knows.
    }
    return operators.find((o) => o.cardholderId === id)?.name ?? this.seen.get(id);
  }
}
