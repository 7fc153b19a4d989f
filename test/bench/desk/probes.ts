import { quantile } from '../stats';
import type { WatchedPlace } from './tile-watch';

/**
 * The desk bench's probe doors and what they measured. On-screen probes are doors whose tile (or pin,
 * on a floor plan) is on screen; off-screen probes are doors the page does not render at all, whose
 * forcing the page shows only on the attention strip and its counts: on a large site nearly every door.
 * The two are forced in turn in one run, so both paths are timed under the same load.
 */
export type ProbePath = 'onScreen' | 'offScreen';

export interface Probe {
  name: string;
  /** Where the page shows it: the tile, the pin, or the strip entry. */
  where: WatchedPlace;
  path: ProbePath;
}

/** On-screen and off-screen probes taken in turn (one list alone when the other is empty). */
export function inTurn(onScreen: readonly Probe[], offScreen: readonly Probe[]): Probe[] {
  const out: Probe[] = [];
  for (let i = 0; i < Math.max(onScreen.length, offScreen.length); i++) {
    if (onScreen[i]) out.push(onScreen[i]!);
    if (offScreen[i]) out.push(offScreen[i]!);
  }
  return out;
}

export interface PathFigures {
  probes: number;
  missed: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

/** Each probe's latency, or that it was missed, by path. */
export class ProbeTally {
  readonly #latencies: Record<ProbePath, number[]> = { onScreen: [], offScreen: [] };
  readonly #missed: Record<ProbePath, number> = { onScreen: 0, offScreen: 0 };

  record(path: ProbePath, latencyMs: number | null): void {
    if (latencyMs === null) this.#missed[path]++;
    else this.#latencies[path].push(latencyMs);
  }

  /** Latencies so far on one path (the soak's windows slice them). */
  latencies(path: ProbePath): readonly number[] {
    return this.#latencies[path];
  }

  missed(path: ProbePath): number {
    return this.#missed[path];
  }

  figures(path: ProbePath): PathFigures {
    const latencies = this.#latencies[path];
    return {
      probes: latencies.length + this.#missed[path],
      missed: this.#missed[path],
      p50Ms: round(quantile(latencies, 0.5)),
      p99Ms: round(quantile(latencies, 0.99)),
      maxMs: round(latencies.length ? Math.max(...latencies) : undefined),
    };
  }
}

export function round(value: number | undefined): number | null {
  return value === undefined ? null : Math.round(value * 10) / 10;
}
