// The row the in-process benches cannot run: the server's process stopped with SIGSTOP. Its listening
// socket still accepts connections (the kernel does that) and takes the bytes sent on them; nothing
// answers. The desk must admit it within seconds, refuse overrides once it knows, and say of an
// override sent into the hang before it knew that it may still happen.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import { describeConnection } from '../../../renderer/src/lib/connection/describe';
import { unpackPart } from '../../../shared/contract/board-packing';
import type { BoardSnapshot } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import { differencesFrom, serverTruth } from './harness';
import type { FaultRow } from './run-fault';
import { deskConfigFor, siteEvents, type SiteAddress } from './site';

const childScript = join(import.meta.dirname, 'site-child.ts');
const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');

export const hungServerFault = 'server hung (SIGSTOP)';

/** How long the server stays stopped: past the override deadline (15 s), so an override sent into it times out. */
const HUNG_MS = 17_000;

export async function runHungServer(): Promise<FaultRow> {
  // tsx runs the script in a node process of its own: the pid to stop is the one the script prints.
  const child = spawn(tsx, [childScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const site = await new Promise<SiteAddress & { pid: number }>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as SiteAddress & { pid: number }));
    child.once('exit', (code) => reject(new Error(`the simulator's process exited (${code}) before it served`)));
  });
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-hung-'));
  const records = openDeskRecords({ dir, desk: 'fault bench' });
  const desk = new Desk({ sites: { open: async () => ({ config: deskConfigFor(site), close: async () => undefined }) }, records });
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  let stopped = false;
  let tried = 0;
  let accepted = 0;
  let uncertain = 0;
  let connectedWhileStale = 0;
  const marks: { faultAt?: number; notLiveAt?: number; clearedAt?: number; liveAgainAt?: number } = {};
  let shown: string | undefined;

  const board = async (): Promise<BoardSnapshot> => unpackPart(await desk.handle('board.get', {}));
  const sample = async () => {
    const snapshot = await board().catch(() => undefined);
    if (!snapshot) return;
    const bar = describeConnection(snapshot.connection, { phase: 'open', since: 0 }, Date.now());
    const anyStale = snapshot.liveness.some((l) => l.state === 'stale');
    if (bar.live && bar.notLiveItems === 0 && anyStale) connectedWhileStale++;
    const now = Date.now();
    if (marks.faultAt !== undefined && marks.clearedAt === undefined && marks.notLiveAt === undefined && !bar.live) {
      marks.notLiveAt = now;
      shown = `${bar.headline}: ${bar.detail ?? '(no reason given)'}`;
    }
    if (marks.clearedAt !== undefined && marks.liveAgainAt === undefined && bar.live && !anyStale) marks.liveAgainAt = now;
  };
  const sampler = setInterval(() => void sample(), 100);
  const until = async (probe: () => boolean | Promise<boolean>, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const override = async (): Promise<string> => {
    const door = (await board()).items.find((i) => i.kind === 'door');
    if (!door) return 'no door on the board';
    tried++;
    try {
      await desk.handle('item.command', { href: door.href, command: 'open' });
      accepted++;
      return 'accepted';
    } catch (err) {
      if (err instanceof DeskError && ['timeout', 'network', 'uncertain'].includes(err.code)) uncertain++;
      return err instanceof Error ? err.message : String(err);
    }
  };

  try {
    await desk.start();
    await until(async () => {
      const s = await board();
      return s.connection.phase === 'connected' && s.statuses.length > 0 && s.liveness.length === 0;
    }, 'the desk connected and live', 20_000);
    await override();

    const faultAt = (marks.faultAt = Date.now());
    process.kill(site.pid, 'SIGSTOP');
    stopped = true;
    // Sent at once, before the desk can know: it must not be called done, nor be sent again.
    const intoHang = override();
    await until(() => marks.notLiveAt !== undefined, 'the desk to say the board is not live', 15_000).catch(() => undefined);
    const overrideDuringFault = await override();
    await new Promise((r) => setTimeout(r, Math.max(0, faultAt + HUNG_MS - Date.now())));
    const overrideIntoFault = await intoHang;

    process.kill(site.pid, 'SIGCONT');
    stopped = false;
    marks.clearedAt = Date.now();
    let unconverged: string[] = [];
    let convergedMs: number | undefined;
    try {
      await until(async () => {
        unconverged = await differencesFrom(await board(), () => serverTruth(site)).catch((err: unknown) => [String(err)]);
        return unconverged.length === 0;
      }, 'the board to match the server', 30_000);
      convergedMs = Date.now() - marks.clearedAt;
    } catch {
      // Reported as not converged.
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const overrides = (await siteEvents(site)).filter((e) => e.type === 'override').length;
    const extra = overrides - accepted;
    return {
      fault: hungServerFault,
      shown,
      convergedMs,
      unconverged: unconverged.slice(0, 5),
      duplicates: extra < 0 ? extra : Math.max(0, extra - uncertain),
      lost: tried - records.audit.matching({ kinds: ['override'] }).length,
      auditChainOk: records.audit.check().ok,
      crashed: unhandled.length,
      connectedWhileStale,
      overrideDuringFault,
      overrideIntoFault,
      notLiveAfterMs: marks.notLiveAt === undefined ? undefined : marks.notLiveAt - faultAt,
      liveAgainMs: marks.liveAgainAt === undefined ? undefined : marks.liveAgainAt - marks.clearedAt,
    };
  } finally {
    clearInterval(sampler);
    if (stopped) process.kill(site.pid, 'SIGCONT');
    await desk.stop();
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
    await stopChild(child, site.pid);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function stopChild(child: ReturnType<typeof spawn>, pid: number): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  process.kill(pid, 'SIGTERM');
  const late = setTimeout(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
    child.kill('SIGKILL');
  }, 5_000);
  await exited;
  clearTimeout(late);
}
