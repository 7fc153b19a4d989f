import type { ConnectionPhase, ConnectionState } from '../../shared/domain';
import type { Discovery } from './api/discovery';

/**
 * The connection as the operator sees it. Moves between phases on evidence only: an answer from the
 * server means connected, a failed request means reconnecting (or offline when retrying would not help).
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

  connected(discovery?: Discovery): void {
    const features = discovery ? [...discovery.links.keys()] : this.state.features;
    const version = discovery?.version ?? this.state.serverVersion;
    if (this.state.phase === 'connected' && !discovery) return;
    this.set({ phase: 'connected', serverVersion: version, features, reason: undefined, nextAttemptAt: undefined });
  }

  reconnecting(reason: string, nextAttemptAt?: number): void {
    // Keep `since` across repeated failures: the bar shows how long the desk has been without the server.
    const since = this.state.phase === 'reconnecting' ? this.state.since : this.now();
    this.set({ phase: 'reconnecting', reason, nextAttemptAt }, since);
  }

  offline(reason: string): void {
    const since = this.state.phase === 'offline' ? this.state.since : this.now();
    this.set({ phase: 'offline', reason, nextAttemptAt: undefined }, since);
  }

  private set(patch: Partial<ConnectionState>, since = this.now()): void {
    this.state = { ...this.state, ...patch, since };
    this.changed(this.state);
  }
}
