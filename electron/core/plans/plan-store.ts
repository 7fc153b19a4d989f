import type { PlanMediaType } from '../../../shared/contract/plans';
import type { LocalStore } from '../offline/local-store';

export type PlanSource = 'imported' | 'demo';

export interface StoredPlan {
  name: string;
  mediaType: PlanMediaType;
  source: PlanSource;
  image: Uint8Array;
  width: number;
  height: number;
  /** What the sanitiser took out of an SVG, in words. */
  removed: string[];
  updatedAt: number;
}

/** A plan without its image: what listing floors and answering `plans.get` need. */
export type PlanHeader = Omit<StoredPlan, 'image'> & { floor: string; bytes: number };

/** Where an item's pin sits, relative to its plan's width and height (0…1 each). */
export interface StoredPin {
  /** The item's href path without the server's origin, so pins survive a server moving port or name. */
  item: string;
  x: number;
  y: number;
}

interface PlanRow {
  floor: string;
  name: string;
  media_type: PlanMediaType;
  source: PlanSource;
  width: number;
  height: number;
  removed: string;
  updated_at: number;
  bytes: number;
}

const HEADER_COLUMNS = 'floor, name, media_type, source, width, height, removed, updated_at, length(image) AS bytes';

/**
 * Floor plans and pins in the desk's local store, per site (the layout's site key) and floor (the
 * board's floor key). Every change is one transaction, so a kill at any moment leaves it whole or absent.
 */
export class PlanStore {
  constructor(private readonly store: LocalStore) {}

  header(site: string, floor: string): PlanHeader | undefined {
    const row = this.store.db.prepare(`SELECT ${HEADER_COLUMNS} FROM plans WHERE site = ? AND floor = ?`).get(site, floor) as PlanRow | undefined;
    return row && toHeader(row);
  }

  headers(site: string): PlanHeader[] {
    return (this.store.db.prepare(`SELECT ${HEADER_COLUMNS} FROM plans WHERE site = ? ORDER BY floor`).all(site) as PlanRow[]).map(toHeader);
  }

  /** `length` bytes of the floor's image from `offset` (fewer at the end); undefined when the floor has no plan. */
  imageSlice(site: string, floor: string, offset: number, length: number): Uint8Array | undefined {
    // substr on a BLOB counts bytes, from 1.
    const row = this.store.db.prepare('SELECT substr(image, ?, ?) AS part FROM plans WHERE site = ? AND floor = ?').get(offset + 1, length, site, floor) as
      | { part: Buffer }
      | undefined;
    return row && new Uint8Array(row.part);
  }

  plan(site: string, floor: string): StoredPlan | undefined {
    const header = this.header(site, floor);
    const row = this.store.db.prepare('SELECT image FROM plans WHERE site = ? AND floor = ?').get(site, floor) as { image: Buffer } | undefined;
    if (!header || !row) return undefined;
    const { floor: _floor, bytes: _bytes, ...rest } = header;
    return { ...rest, image: new Uint8Array(row.image) };
  }

  /** Keeps the floor's plan, replacing any before it; its pins stay where they were. */
  savePlan(site: string, floor: string, plan: StoredPlan): void {
    this.store.transaction(() => this.write(site, floor, plan));
  }

  /** Removes the floor's plan and its pins; false when there was none. */
  removePlan(site: string, floor: string): boolean {
    return this.store.transaction(() => this.store.db.prepare('DELETE FROM plans WHERE site = ? AND floor = ?').run(site, floor).changes > 0);
  }

  pins(site: string, floor: string): StoredPin[] {
    return this.store.db.prepare('SELECT item, x, y FROM plan_pins WHERE site = ? AND floor = ? ORDER BY item').all(site, floor) as StoredPin[];
  }

  /** Places a pin or moves it; false when the floor has no plan to place it on. */
  placePin(site: string, floor: string, pin: StoredPin): boolean {
    return this.store.transaction(() => {
      if (!this.header(site, floor)) return false;
      this.writePin(site, floor, pin);
      return true;
    });
  }

  removePin(site: string, floor: string, item: string): boolean {
    return this.store.transaction(() => this.store.db.prepare('DELETE FROM plan_pins WHERE site = ? AND floor = ? AND item = ?').run(site, floor, item).changes > 0);
  }

  /** Replaces a whole site's plans and pins at once (restoring a backup): all of it lands, or none. */
  replaceSite(site: string, floors: ReadonlyArray<{ floor: string; plan: StoredPlan; pins: readonly StoredPin[] }>): void {
    this.store.transaction(() => {
      this.store.db.prepare('DELETE FROM plans WHERE site = ?').run(site);
      for (const { floor, plan, pins } of floors) {
        this.write(site, floor, plan);
        for (const pin of pins) this.writePin(site, floor, pin);
      }
    });
  }

  /**
   * Seeds a demo drawing and its pins for a floor, once: a floor seeded before (even if the operator
   * has since removed or replaced its plan) is left alone, except that a demo plan still in place gets
   * the current drawing. Answers whether anything changed.
   */
  seedDemo(site: string, floor: string, drawingSha256: string, plan: () => StoredPlan, pins: readonly StoredPin[]): boolean {
    return this.store.transaction(() => {
      const seeded = this.store.db.prepare('SELECT drawing_sha256 AS digest FROM plan_demo_seeds WHERE site = ? AND floor = ?').get(site, floor) as { digest: string | null } | undefined;
      // The same drawing as last time: nothing to check or write (checking means sanitising an SVG).
      if (seeded?.digest === drawingSha256) return false;
      const current = this.header(site, floor);
      if (seeded) {
        this.store.db.prepare('UPDATE plan_demo_seeds SET drawing_sha256 = ? WHERE site = ? AND floor = ?').run(drawingSha256, site, floor);
        if (current?.source !== 'demo') return false;
        const next = plan();
        if (Buffer.from(this.plan(site, floor)!.image).equals(next.image)) return false;
        this.write(site, floor, next);
        return true;
      }
      const next = plan();
      this.store.db.prepare('INSERT INTO plan_demo_seeds (site, floor, seeded_at, drawing_sha256) VALUES (?, ?, ?, ?)').run(site, floor, next.updatedAt, drawingSha256);
      if (current) return false;
      this.write(site, floor, next);
      for (const pin of pins) this.writePin(site, floor, pin);
      return true;
    });
  }

  private write(site: string, floor: string, plan: StoredPlan): void {
    this.store.db
      .prepare(
        `INSERT INTO plans (site, floor, name, media_type, source, image, width, height, removed, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (site, floor) DO UPDATE SET name = excluded.name, media_type = excluded.media_type, source = excluded.source,
         image = excluded.image, width = excluded.width, height = excluded.height, removed = excluded.removed, updated_at = excluded.updated_at`,
      )
      .run(site, floor, plan.name, plan.mediaType, plan.source, Buffer.from(plan.image), plan.width, plan.height, JSON.stringify(plan.removed), plan.updatedAt);
  }

  private writePin(site: string, floor: string, pin: StoredPin): void {
    this.store.db
      .prepare('INSERT INTO plan_pins (site, floor, item, x, y) VALUES (?, ?, ?, ?, ?) ON CONFLICT (site, floor, item) DO UPDATE SET x = excluded.x, y = excluded.y')
      .run(site, floor, pin.item, pin.x, pin.y);
  }
}

function toHeader(row: PlanRow): PlanHeader {
  return {
    floor: row.floor,
    name: row.name,
    mediaType: row.media_type,
    source: row.source,
    width: row.width,
    height: row.height,
    removed: parseRemoved(row.removed),
    updatedAt: row.updated_at,
    bytes: row.bytes,
  };
}

function parseRemoved(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
