import type { Page } from '@playwright/test';
import type { DeskSocket } from '../../e2e/support/desk-socket';
import type { HostEntry } from './host-process';
import type { WatchedPlace } from './tile-watch';

/** What a desk run is asked to do (desk-run.ts) and what it measured: the figures every desk table reads. */

export interface DeskSettings {
  items: number;
  /** How long probes and background changes run. */
  measureSeconds: number;
  /** Background changes per second through the control API. */
  changesPerSecond: number;
  /** How long the idle desk is watched for its request rate (after the measured part, once changes stop). */
  idleSeconds: number;
  /** Soak only: sample memory and latency every this many seconds. */
  sampleEverySeconds?: number;
  /** Soak only: the host's heap after a forced full collection at every sample, not at the first and last alone. */
  heapEverySample?: boolean;
  /**
   * Sets up and opens the view to measure in once the board is complete (default: the board as it
   * opens), through the desk socket and the page, with its watch installed (installTileWatch); answers
   * the door names to probe, timed the same way. A floor plan with its pins: plan-view.ts (issue 16).
   */
  openView?: (page: Page, desk: DeskSocket) => Promise<string[]>;
  /** What the tables call the view (default "board"). */
  viewName?: string;
  /** Where the view shows its on-screen probes (default the tile; a floor plan's pins: "pin"). */
  probePlace?: WatchedPlace;
  /**
   * Also probe doors that are not on screen, in turn with the on-screen ones, timed until the attention
   * strip names them as forced (issue 34). The board view only: BENCH_OFF_SCREEN=0 leaves them out.
   */
  offScreen?: boolean;
  /** Seconds of background changes between the board being live and the first probe (BENCH_SETTLE_SECONDS). */
  settleSeconds?: number;
  /** Another checkout's built host (renderer and core) to run instead of this one's: BENCH_DESK_AGAINST. */
  checkout?: string;
  /** The simulator's server version (default its own, 9.40); before 8.30 there are no multi-item subscriptions. */
  demoVersion?: string;
  /** The site has the RESTEvents licence: the desk follows the server's alarm queue and its event journal too. */
  restEvents?: boolean;
  /** With restEvents: the site's other workstations process each alarm a minute after it was raised (alarms/other-workstation.ts), so the server's queue holds steady. */
  alarmsProcessedElsewhere?: boolean;
  /** Time filters and sorts in the overview and the list after the probes (view-answers.ts): the board view only. */
  viewAnswers?: boolean;
  /** Read the host's RSS every this many seconds (default 5) for its peak and growth. */
  rssEverySeconds?: number;
  /** Probes read with no Playwright on the page while measuring (measuring-browser.ts): BENCH_DESK_UNWATCHED=1. */
  unwatched?: boolean;
  /** A probe every this many ms on average, 0 for back to back (probe-pace.ts): BENCH_PROBE_EVERY_MS. */
  probeEveryMs: number;
}

export interface DeskFigures {
  /** The view measured: "board", or "plan" (a floor plan with its pins). */
  view: string;
  items: number;
  boardItems: number;
  /** The host as built by `npm run build` (what `npm start` runs) or its source under tsx. */
  hostEntry: HostEntry;
  /** Where the desk's vault keeps its key in this run (the keychain, or the less-safe key file and why). */
  vaultMode: string;
  /** Restart with the last-known board in the local store, the page unwatched: spawn of the host → the board shown (its mark). */
  coldStartLastKnownMs: number;
  /** The same launch, unwatched: spawn → the server's board live on the page (its live mark); null if never. */
  coldStartLiveMs: number | null;
  /** Spawn → the host printed its address, on the last launch: the process's own start inside each cold start. */
  hostUpMs: number;
  /** Restart with the local store removed: spawn → door names on the page. */
  coldStartServerShownMs: number;
  /** The same launch: spawn → the board live, from the server only; null if never. */
  coldStartServerMs: number | null;
  /** Board items that still had no status when the measured launch was taken as live (server 8.20: its macros after a restart). */
  withoutStatus: number;
  /** Which checkout's host ran: "this checkout", or the folder of BENCH_DESK_AGAINST. */
  checkout: string;
  /** On-screen probes: the tile (or pin) showed "Forced". */
  probes: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  /** Probes whose tile never showed "Forced" within 10 s: missed changes. */
  missed: number;
  /** Off-screen probes: the strip named the door as forced (0 when none were taken). */
  offScreenProbes: number;
  offScreenP50Ms: number | null;
  offScreenP99Ms: number | null;
  offScreenMaxMs: number | null;
  offScreenMissed: number;
  backgroundSent: number;
  backgroundFailed: number;
  /** Background changes not sent because 64 were already waiting on the control API (the host was saturated). */
  backgroundSkipped: number;
  /** The browser host: the desk alone (the simulator runs in its own process). */
  hostRssMb: number | null;
  /** The most the host held resident since its spawn (the kernel's high-water mark), and the highest of its 5-s samples. */
  hostRssPeakMb: number | null;
  hostRssSampledPeakMb: number | null;
  /** The host's RSS at its last sample minus its first (the board live → the end of the run). */
  hostRssGrowthMb: number | null;
  /** Soak: every sample of the host's RSS. */
  rssSamples?: { atSeconds: number; rssMb: number }[];
  /** Filters and sorts in the overview and the list, input → the next frame (view-answers.ts; 0 answers when not timed). */
  viewAnswers: number;
  viewAnswerP50Ms: number | null;
  viewAnswerP99Ms: number | null;
  simulatorRssMb: number | null;
  rendererHeapMb: number | null;
  /** Percent of the measuring time the page's main thread ran tasks (Performance.getMetrics' TaskDuration). */
  pageMainThreadPct: number;
  idleRequestsPerMinute: number;
  /**
   * Long-polls the desk holds open at rest, by kind (the simulator's count: deterministic, unlike a
   * rate over seconds), and what they cost a minute at the server's waits (host-process.ts).
   */
  heldSubscriptionPolls: number;
  heldItemPolls: number;
  heldAlarmEventPolls: number;
  idleLongPollsPerMinute: number;
  /**
   * Percent of one core each party used while probes ran (cpu-share.ts): the desk, the simulator,
   * Chromium, the bench, everything else on the machine, and the machine in all. Null without /proc.
   */
  cpuHostPct: number | null;
  cpuSimulatorPct: number | null;
  cpuChromiumPct: number | null;
  cpuBenchPct: number | null;
  cpuOtherPct: number | null;
  cpuMachinePct: number | null;
  /** The machine's one-minute load average when the run started and ended (2 cores shared with other work). */
  loadStart: number;
  loadEnd: number;
  /** Soak: per window, memory and latency. */
  samples?: { atSeconds: number; hostRssMb: number | null; hostHeapAfterGcMb: number | null; simulatorRssMb: number | null; rendererHeapMb: number | null; latencyP50Ms: number | null; latencyP99Ms: number | null; probes: number; missed: number }[];
}
