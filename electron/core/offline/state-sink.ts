import type { BoardItem, ItemStatus } from '../../../shared/domain';

/** What the desk last knew of one site: kept so a desk started while the server is away still shows it. */
export interface LastKnownBoard {
  serverVersion?: string | undefined;
  features: string[];
  /** When the board (items) was last loaded from the server. */
  savedAt: number;
  items: BoardItem[];
  /** The items' digest (catalogue-board.ts boardDigest) when they are read whole as the server gave them. */
  digest?: string | undefined;
  /** Each item's last status, with `receivedAt` as first received from the server. */
  statuses: ItemStatus[];
}

/**
 * Where a site session hands what it learns, for the local store to keep (offline/last-known-store.ts).
 * The session calls it on its hot path, so every method returns at once: writing is batched.
 */
export interface SiteStateSink {
  /** The last-known board of this site, or undefined when this desk never loaded it. */
  lastKnown(): Promise<LastKnownBoard | undefined>;
  /** How many items the last-known board holds, without reading them (0 when none is kept). */
  lastKnownItems?(): number;
  /**
   * A fresh board from the server: replaces what was kept for the site, unless it is the board kept
   * (`digest`, catalogue-board.ts boardDigest), whose statuses alone are then kept.
   */
  catalogueLoaded(discovery: { serverVersion?: string | undefined; features: string[] }, items: BoardItem[], statuses: ItemStatus[], digest: string): void;
  /** A batch of status changes. */
  statusBatch(statuses: ItemStatus[]): void;
}
