import type { ConnectionPhase, ConnectionState } from '../../shared/domain';
import type { Discovery } from './api/discovery';

/**
 * The connection as the operator sees it. Moves between phases on the session's evidence only: the
 * server answering its probe means connected; the probe failing means reconnecting; a refused key or
 * certificate means offline. Items the desk is not hearing about are counted in `staleItems`.
 */
export class ConnectionTracker {
  private state: ConnectionState;

  constructor(
    origin: string,
    demo: boolean,
    private readonly changed: (state: ConnectionState) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.state = { phase: 'connecting', since: now(), origin, demo, features: [], staleItems: 0 };
  }

  get current(): ConnectionState {
    return this.state;
  }

  get phase(): ConnectionPhase {
    return this.state.phase;
  }

  /**
   * The server answered; `note` says what is still worth knowing (e.g. that it answers slowly, then
   * `slowMs` says how slowly, for the bar's badge).
   */
  connected(discovery?: Discovery, note?: string, slowMs?: number): void {
    const features = discovery ? [...discovery.links.keys()] : this.state.features;
    const version = discovery?.version ?? this.state.serverVersion;
    const same =
      sameList(features, this.state.features) && version === this.state.serverVersion && note === this.state.reason && slowMs === this.state.slowMs;
    if (this.state.phase === 'connected' && same) return;
    const since = this.state.phase === 'connected' ? this.state.since : this.now();
    this.set({ phase: 'connected', serverVersion: version, features, reason: note, slowMs, nextAttemptAt: undefined }, since);
  }

  /**
   * Not usable now; the session tries again at `nextAttemptAt` (undefined: an attempt is under way).
   * `lastHeardAt`: when the desk last heard from the server, where known (the heartbeat knows): the
   * bar says "not live since" then, not since the moment the silence was noticed.
   */
  reconnecting(reason: string, nextAttemptAt?: number, lastHeardAt?: number): void {
    // Keep `since` across repeated failures: the bar shows how long the desk has been without the server.
    const since = this.state.phase === 'reconnecting' ? this.state.since : Math.min(lastHeardAt ?? Infinity, this.now());
    this.set({ phase: 'reconnecting', reason, nextAttemptAt, slowMs: undefined }, since);
  }

  /** Stopped until the operator acts, or (given) until `nextAttemptAt`, one attempt then. */
  offline(reason: string, nextAttemptAt?: number): void {
    const since = this.state.phase === 'offline' ? this.state.since : this.now();
    this.set({ phase: 'offline', reason, nextAttemptAt, slowMs: undefined }, since);
  }

  staleItems(count: number): void {
    if (count !== this.state.staleItems) this.set({ staleItems: count }, this.state.since);
  }

  private set(patch: Partial<ConnectionState>, since = this.now()): void {
    this.state = { ...this.state, ...patch, since };
    this.changed(this.state);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
