import { FaultBench } from './harness';
import type { Fault } from './matrix';
import { siteEvents } from './site';
import { unpackPart } from '../../../shared/contract/board-packing';

/** One row of the matrix: what the desk said, how long it took to match the server again, and the damage. */
export interface FaultRow {
  fault: string;
  /** What the desk showed while the fault lasted, in its own words; undefined when it showed nothing. */
  shown: string | undefined;
  /** From clearing the fault until every item on the desk matched the server; undefined if it never did. */
  convergedMs: number | undefined;
  /** Items still different from the server when the row gave up waiting. */
  unconverged: string[];
  /** Overrides the server received beyond those the desk reported as accepted. */
  duplicates: number;
  /** Override attempts with no audit entry, and whether the audit chain still checks. */
  lost: number;
  auditChainOk: boolean;
  /** Unhandled errors in the process while the row ran. */
  crashed: number;
  /** Samples (every 100 ms, and at each check) at which the bar said Connected and live while an item was stale. */
  connectedWhileStale: number;
  overrideDuringFault: string;
  /** An override sent the moment the fault began, before the desk could know (the hung-server row). */
  overrideIntoFault?: string;
  /** From making the fault until the bar or a tile said not live (sampled every 100 ms); undefined: never. */
  notLiveAfterMs?: number;
  /** From clearing the fault until the bar and every item were live again; undefined: not within the wait. */
  liveAgainMs?: number;
  /** From clearing the fault until the bar carried no notice (a slow server's); undefined: never seen. */
  noticeClearedMs?: number;
  /** For a refusal only the operator can end: failed authentications while the fault was held, and flood alarms. */
  authFailures?: number;
  floodAlarms?: number;
}

const convergeWithinMs = 30_000;

export async function runFault(fault: Fault): Promise<FaultRow> {
  const bench = await FaultBench.start();
  try {
    await bench.tryOverride();
    const snapshot = await bench.desk.handle('board.get', {});
    const door = snapshot.items.find((i) => i.kind === 'door');
    const from = bench.phases.length;

    bench.faultAt = Date.now();
    await fault.inject(bench);
    // The world moves on during the fault: the desk must catch up afterwards.
    if (door) await setDoor(bench, door.id, { open: true }).catch(() => undefined);
    const shownDeadline = Date.now() + fault.holdMs;
    let shown: string | undefined;
    while (Date.now() < shownDeadline && !shown) {
      // Sampled here too: the row may end within one of the sampler's 100 ms once something is shown.
      await bench.sample();
      shown = await shownNow(bench, from, fault);
      if (!shown) await new Promise((r) => setTimeout(r, 100));
    }
    // A fault the desk must ride out live (a slow server) is held its whole time: an outage called late shows.
    if (fault.fullHold) await new Promise((r) => setTimeout(r, Math.max(0, shownDeadline - Date.now())));
    const overrideDuringFault = await bench.tryOverride();
    await bench.sample();
    shown ??= await shownNow(bench, from, fault);
    if (!shown && overrideDuringFault !== 'accepted') shown = `override refused: ${overrideDuringFault}`;

    if (fault.waitsForOperator) {
      // Held a while longer: a retry storm would show here.
      await new Promise((r) => setTimeout(r, 3_000));
      const events = await siteEvents(bench.site);
      const snapshotAfter = await bench.desk.handle('board.get', {});
      return {
        fault: fault.name,
        shown,
        convergedMs: undefined,
        unconverged: snapshotAfter.items.filter((i) => !snapshotAfter.liveness.some((l) => l.href === i.href && l.state === 'stale')).map((i) => i.href),
        duplicates: await bench.duplicates(),
        lost: bench.commandsTried - bench.records.audit.matching({ kinds: ['override'] }).length,
        auditChainOk: bench.records.audit.check().ok,
        crashed: bench.unhandled.length,
        connectedWhileStale: bench.connectedWhileStale,
        overrideDuringFault,
        ...faultTimes(bench),
        authFailures: events.filter((e) => e.type === 'auth-failure').length,
        floodAlarms: events.filter((e) => e.type === 'auth-flood-alarm').length,
      };
    }
    await fault.clear(bench);
    const cleared = Date.now();
    bench.clearedAt = cleared;
    let convergedMs: number | undefined;
    let unconverged: string[] = [];
    try {
      await bench.until(async () => {
        unconverged = await bench.differences().catch((err: unknown) => [String(err)]);
        return unconverged.length === 0;
      }, 'the board to match the server', convergeWithinMs);
      convergedMs = Date.now() - cleared;
    } catch {
      // Reported as not converged, with the items still different.
    }
    // A slow server's notice goes with the first quick beat (every 2 s): wait for it, measured from the clearing.
    if (fault.staysLive) await bench.until(() => bench.noticeClearedAt !== undefined, 'the slowness notice to clear', 10_000).catch(() => undefined);
    // A queued override would surface now: give it a moment, then count.
    await new Promise((r) => setTimeout(r, 1_000));
    const duplicates = await bench.duplicates();
    const audited = bench.records.audit.matching({ kinds: ['override'] }).length;
    return {
      fault: fault.name,
      shown,
      convergedMs,
      unconverged: unconverged.slice(0, 5),
      duplicates,
      lost: bench.commandsTried - audited,
      auditChainOk: bench.records.audit.check().ok,
      crashed: bench.unhandled.length,
      connectedWhileStale: bench.connectedWhileStale,
      overrideDuringFault,
      ...faultTimes(bench),
    };
  } finally {
    await bench.stop();
  }
}

/** The times the bench sampled, from the fault's making and clearing. */
function faultTimes(bench: FaultBench): Pick<FaultRow, 'notLiveAfterMs' | 'liveAgainMs' | 'noticeClearedMs'> {
  const since = (at: number | undefined, from: number | undefined) => (at === undefined || from === undefined ? undefined : at - from);
  return {
    notLiveAfterMs: since(bench.notLiveAt, bench.faultAt),
    liveAgainMs: since(bench.liveAgainAt, bench.clearedAt),
    noticeClearedMs: since(bench.noticeClearedAt, bench.clearedAt),
  };
}

async function shownNow(bench: FaultBench, from: number, fault: Fault): Promise<string | undefined> {
  // Connected with a reason is a warning the bar carries (e.g. a slow server). A hang may first be
  // called slow (a beat the server took just before it stopped): the row waits for the not-live words.
  const said = (p: (typeof bench.phases)[number]) => p.phase !== 'connected' || (p.reason !== undefined && !fault.admitsHang);
  const state = bench.phases.slice(from).find(said);
  if (state) return `${state.phase}: ${state.reason ?? '(no reason given)'}`;
  const snapshot = unpackPart(await bench.desk.handle('board.get', {}));
  const stale = snapshot.liveness.find((l) => l.state === 'stale');
  if (stale) return `stale tile: ${stale.reason ?? '(no reason given)'}`;
  if (fault.shownOnBoard) {
    const status = snapshot.statuses.find((s) => fault.shownOnBoard!.test(s.statusText) || s.flags.some((f) => fault.shownOnBoard!.test(f)));
    if (status) return `tile: ${status.statusText || status.flags.join(', ')}`;
  }
  return undefined;
}

async function setDoor(bench: FaultBench, id: string, state: Record<string, boolean>): Promise<void> {
  bench.site.control.patchItem('doors', id, state);
}
