import { rssMbOf, rssPeakMbOf } from './host-process';

/** One reading of a process's resident memory, seconds after the sampler started. */
export interface RssSample {
  atSeconds: number;
  rssMb: number;
}

/**
 * A process's RSS read every `everyMs` (from /proc, no cost to the process), for a run's peak and
 * growth: a kiosk that runs for weeks is judged by the most it holds, not by one reading at the end,
 * which swings with garbage not yet collected. `peakMb` is the kernel's high-water mark since the
 * process started (its start included), the samples show when it held what.
 */
export class RssSampler {
  readonly samples: RssSample[] = [];
  private readonly startedAt = Date.now();
  private readonly timer: NodeJS.Timeout;
  private highest: number | null = null;

  constructor(
    private readonly pid: number | undefined,
    everyMs = 5_000,
  ) {
    this.read();
    this.timer = setInterval(() => this.read(), everyMs);
    this.timer.unref();
  }

  /** The most the process held resident: the kernel's high-water mark, else the highest sample. */
  get peakMb(): number | null {
    const hwm = rssPeakMbOf(this.pid);
    return hwm ?? this.highest;
  }

  /** The highest of the samples alone (what a sampler every few seconds sees of the peak). */
  get sampledPeakMb(): number | null {
    return this.highest;
  }

  /** Last sample's RSS minus the first's, MB (null with fewer than two). */
  get growthMb(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    return first && last && last !== first ? Math.round((last.rssMb - first.rssMb) * 10) / 10 : null;
  }

  stop(): void {
    this.read();
    clearInterval(this.timer);
  }

  private read(): void {
    const rssMb = rssMbOf(this.pid);
    if (rssMb === null) return;
    this.samples.push({ atSeconds: Math.round((Date.now() - this.startedAt) / 100) / 10, rssMb });
    if (this.highest === null || rssMb > this.highest) this.highest = rssMb;
  }
}
