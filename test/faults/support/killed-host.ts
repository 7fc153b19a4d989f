// The row the in-process benches cannot run: the desk's process killed with SIGKILL, and started again
// on the same settings folder while the server cannot be reached.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describeConnection } from '../../../renderer/src/lib/connection/describe';
import type { BoardSnapshot } from '../../../shared/domain';
import { FaultBench, differencesFrom, serverTruth } from './harness';
import type { FaultRow } from './run-fault';
import { deskConfigFor, siteEvents } from './site';
import { TcpProxy } from './tcp-proxy';

const childScript = join(import.meta.dirname, 'desk-child.ts');

/** A desk in a child process, asked over its stdin and stdout. */
class ChildDesk {
  unhandled = 0;
  private next = 0;
  private readonly waiting = new Map<number, (answer: { result?: unknown; error?: string }) => void>();
  readonly ready: Promise<void>;

  constructor(readonly process: ChildProcess) {
    let ready!: () => void;
    this.ready = new Promise((r) => (ready = r));
    createInterface({ input: process.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; ready?: boolean; unhandled?: string; result?: unknown; error?: string };
      if (message.ready) ready();
      if (message.unhandled) this.unhandled++;
      if (message.id !== undefined) this.waiting.get(message.id)?.(message);
    });
  }

  static start(dir: string, configFile: string): ChildDesk {
    // Node itself with tsx's loader, not tsx's command: that is a wrapper around a node of its own, and
    // SIGKILL to the wrapper would leave the desk running, still holding the settings folder.
    return new ChildDesk(spawn(process.execPath, ['--import', 'tsx', childScript, dir, configFile], { stdio: ['pipe', 'pipe', 'inherit'] }));
  }

  async call<T>(call: 'board' | 'override' | 'audit' | 'stop'): Promise<T> {
    const id = this.next++;
    const answer = await new Promise<{ result?: unknown; error?: string }>((resolve) => {
      this.waiting.set(id, resolve);
      this.process.stdin!.write(`${JSON.stringify({ id, call })}\n`);
    });
    this.waiting.delete(id);
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.result as T;
  }

  /** Stops the desk as the shell would, or kills it if it has not exited within a few seconds. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.process.exitCode !== null || this.process.signalCode !== null) resolve();
      this.process.once('exit', () => resolve());
    });
    void this.call('stop').catch(() => undefined);
    const late = setTimeout(() => this.process.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(late);
  }

  kill(): Promise<void> {
    return new Promise((resolve) => {
      this.process.once('exit', () => resolve());
      this.process.kill('SIGKILL');
    });
  }
}

export const killedHostFault = 'host killed with SIGKILL, restarted while the server is unreachable';

export async function runKilledHost(): Promise<FaultRow> {
  const proxy = await TcpProxy.start();
  const site = await FaultBench.startSite(proxy);
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-child-'));
  const configFile = join(dir, 'desk-config.json');
  writeFileSync(configFile, JSON.stringify(deskConfigFor(site)));
  let connectedWhileStale = 0;
  const board = async (desk: ChildDesk) => {
    const snapshot = await desk.call<BoardSnapshot>('board');
    const bar = describeConnection(snapshot.connection, { phase: 'open', since: 0 }, Date.now());
    if (bar.live && bar.notLiveItems === 0 && snapshot.liveness.some((l) => l.state === 'stale')) connectedWhileStale++;
    return snapshot;
  };
  const until = async <T>(probe: () => Promise<T | undefined>, what: string, ms: number): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  let first: ChildDesk | undefined = ChildDesk.start(dir, configFile);
  let second: ChildDesk | undefined;
  try {
    await first.ready;
    const live = await until(async () => {
      const s = await board(first!);
      return s.connection.phase === 'connected' && s.statuses.length > 0 && s.liveness.length === 0 ? s : undefined;
    }, 'the first desk connected', 20_000);
    let tried = 1;
    let accepted = (await first.call<string>('override')) === 'accepted' ? 1 : 0;
    // A new site's first board is kept 2 s after it is shown (KEEP_FIRST_BOARD_AFTER_MS, so its writing does
    // not hold back the first subscriptions) and statuses about once a second: let both happen, then kill.
    await new Promise((r) => setTimeout(r, 3_000));
    const unhandledBefore = first.unhandled;
    await first.kill();
    first = undefined;

    // The server out of reach while the desk starts again; the world moves on meanwhile.
    proxy.set('drop');
    const door = live.items.find((i) => i.kind === 'door');
    if (door) site.control.patchItem('doors', door.id, { open: true });
    second = ChildDesk.start(dir, configFile);
    await second.ready;
    const stale = await until(async () => {
      const s = await board(second!);
      return s.items.length > 0 ? s : undefined;
    }, 'the last-known board', 10_000);
    const notLive = stale.liveness.filter((l) => l.state === 'stale');
    const shown =
      notLive.length === stale.items.length
        ? `last-known board at once, all ${stale.items.length} items stale: ${notLive[0]?.reason ?? '(no reason given)'}`
        : undefined;
    tried++;
    const overrideDuringFault = await second.call<string>('override');
    if (overrideDuringFault === 'accepted') accepted++;

    proxy.set('pass');
    const cleared = Date.now();
    let convergedMs: number | undefined;
    let unconverged: string[] = [];
    try {
      await until(async () => {
        unconverged = await differencesFrom(await board(second!), () => serverTruth(site)).catch((err: unknown) => [String(err)]);
        return unconverged.length === 0 ? true : undefined;
      }, 'the board to match the server', 30_000);
      convergedMs = Date.now() - cleared;
    } catch {
      // Reported as not converged.
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const overrides = (await siteEvents(site)).filter((e) => e.type === 'override').length;
    const audit = await second.call<{ overrides: number; chainOk: boolean }>('audit');
    return {
      fault: killedHostFault,
      shown,
      convergedMs,
      unconverged: unconverged.slice(0, 5),
      duplicates: overrides - accepted,
      lost: tried - audit.overrides,
      auditChainOk: audit.chainOk,
      crashed: unhandledBefore + second.unhandled,
      connectedWhileStale,
      overrideDuringFault,
    };
  } finally {
    if (second) await second.stop();
    if (first) await first.kill();
    await site.stop();
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
