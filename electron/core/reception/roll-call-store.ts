import { RollCall } from '../../../shared/contract/reception';
import type { LocalStore } from '../offline/local-store';
import { storedJson } from '../offline/stored-json';
import type { LocalDataSealer } from '../vault/keys/local-data-sealer';

const PURPOSE = 'roll-call';

/** Where the desk keeps the last roll call of each site, and when it could not. */
export interface RollCallKeeping {
  keep(site: string, roll: RollCall): Promise<void>;
  /** The kept roll call of `site`, or undefined when there is none (or it no longer opens). */
  last(site: string): Promise<RollCall | undefined>;
}

/**
 * The last roll call per site in the desk's local store (WAL, full syncs: it survives a kill -9 and a
 * restart), sealed with the vault's local-store key because it names everyone inside. Without that key
 * nothing is written: never in plain text.
 */
export class RollCallStore implements RollCallKeeping {
  constructor(
    private readonly store: LocalStore,
    private readonly sealer: () => Promise<LocalDataSealer>,
  ) {}

  async keep(site: string, roll: RollCall): Promise<void> {
    const { copy: _copy, ...read } = roll;
    const sealed = (await this.sealer()).seal(PURPOSE, JSON.stringify(read));
    this.store.db
      .prepare('INSERT INTO roll_call_kept (site, read_at, sealed) VALUES (?, ?, ?) ON CONFLICT(site) DO UPDATE SET read_at = excluded.read_at, sealed = excluded.sealed')
      .run(site, roll.at, sealed);
  }

  async last(site: string): Promise<RollCall | undefined> {
    const row = this.store.db.prepare('SELECT sealed FROM roll_call_kept WHERE site = ?').get(site) as { sealed: string } | undefined;
    if (!row) return undefined;
    try {
      const parsed = RollCall.safeParse(storedJson((await this.sealer()).open(PURPOSE, row.sealed)));
      return parsed.success ? parsed.data : undefined;
    } catch {
      // Sealed under another key (the vault was reset) or altered: no copy, rather than a wrong one.
      return undefined;
    }
  }
}
