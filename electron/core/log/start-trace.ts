import type { Logger } from './logger';

/** The milestones of a start, in the order a cold start reaches them. */
export type StartStage =
  | 'serving'
  | 'core-loaded'
  | 'store-opened'
  | 'first-request'
  | 'last-known-read'
  | 'discovered'
  | 'first-reads'
  | 'catalogue-read'
  | 'board-published'
  | 'subscribed'
  | 'desk-started';

/**
 * Where a cold start's seconds go: each milestone logged once (`start.mark`, its ms since the process
 * started, and the process's RSS then), the first time it is reached. Marks before the log is attached
 * wait for it. Support reads a start from the log; `npm run bench:cold` prints it beside its own figures.
 */
export class StartTrace {
  private logger: Logger | undefined;
  private readonly reached = new Map<StartStage, number>();
  private readonly waiting: { stage: StartStage; ms: number; fields: Record<string, unknown> }[] = [];

  constructor(
    private readonly now: () => number = () => performance.now(),
    /** The process's resident memory in bytes: where a start's peak builds up, beside where its time goes. */
    private readonly rss: () => number = () => process.memoryUsage.rss(),
  ) {}

  attach(logger: Logger): void {
    this.logger = logger;
    for (const w of this.waiting.splice(0)) logger.info('start.mark', { stage: w.stage, ms: w.ms, ...w.fields });
  }

  mark(stage: StartStage, fields: Record<string, unknown> = {}): void {
    if (this.reached.has(stage)) return;
    const ms = Math.round(this.now());
    this.reached.set(stage, ms);
    const at = { ...fields, rssMb: Math.round(this.rss() / 1e6) };
    if (this.logger) this.logger.info('start.mark', { stage, ms, ...at });
    else this.waiting.push({ stage, ms, fields: at });
  }

  /** The milestones reached so far, in ms since the process started. */
  marks(): ReadonlyMap<StartStage, number> {
    return this.reached;
  }
}

/** The process's own start: one per process, as the start is. */
export const startTrace = new StartTrace();
