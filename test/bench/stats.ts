/** The value at quantile q (0..1) of `values`, nearest rank; undefined for no values. */
export function quantile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/** A small deterministic generator, so runs are comparable. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Samples this process's RSS and CPU over a measuring window. */
export class ProcessMeter {
  private readonly rss: number[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly cpuStart = process.cpuUsage();
  private readonly wallStart = performance.now();

  constructor() {
    this.timer = setInterval(() => this.rss.push(process.memoryUsage().rss), 500);
  }

  finish(): { rssMedianMb: number; rssMaxMb: number; cpuPercent: number } {
    clearInterval(this.timer);
    this.rss.push(process.memoryUsage().rss);
    const cpu = process.cpuUsage(this.cpuStart);
    const wallMs = performance.now() - this.wallStart;
    const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
    return {
      rssMedianMb: mb(median(this.rss)!),
      rssMaxMb: mb(Math.max(...this.rss)),
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 1000) / 10,
    };
  }
}
