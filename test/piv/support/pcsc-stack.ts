import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPcscdSocket } from '../../../electron/core/piv/pcsc-binding';
import { VPCD_FIRST_PORT } from '../../../electron/simulator/piv-card/index';

/**
 * The real PC/SC stack for test/piv: pcscd with vsmartcard's vpcd driver, the @pokusew/pcsclite
 * binding and OpenSC's tools. Tests start pcscd when it is not already running and stop only what
 * they started. When a part is missing the suites skip and say which; with
 * GATEHOUSE_REQUIRE_REAL_PARTS=1 (CI) a missing part fails them instead.
 */

/** vpcd's two slots, as PC/SC names them; slot 1 listens one port above slot 0. */
export const VPCD_READER_NAMES = ['Virtual PCD 00 00', 'Virtual PCD 00 01'] as const;

export interface VpcdReader {
  name: string;
  /** Where a virtual card connects to be "inserted" in this reader. */
  port: number;
}

export const REQUIRE_REAL_PARTS = process.env.GATEHOUSE_REQUIRE_REAL_PARTS === '1';

const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so';
const START_TIMEOUT_MS = 10_000;

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function pcscdCommand(): string | undefined {
  return ['/usr/sbin/pcscd', '/usr/local/sbin/pcscd'].find((p) => existsSync(p)) ?? (onPath('pcscd') ? 'pcscd' : undefined);
}

/** What of the real stack is missing here, in words ("" list when everything is present). */
export function missingParts(options: { opensc?: boolean } = {}): string[] {
  const missing: string[] = [];
  if (process.platform !== 'linux') missing.push('a Linux host (pcscd + vpcd)');
  if (!pcscdCommand()) missing.push('pcscd (Debian package pcscd)');
  if (!existsSync(VPCD_DRIVER)) missing.push(`the vpcd reader driver ${VPCD_DRIVER} (Debian package vsmartcard-vpcd)`);
  try {
    createRequire(import.meta.url).resolve('@pokusew/pcsclite');
  } catch {
    missing.push('the @pokusew/pcsclite module (optional dependency; needs libpcsclite-dev to build)');
  }
  const canStart = typeof process.getuid !== 'function' || process.getuid() === 0;
  if (!existsSync(defaultPcscdSocket()) && !canStart) {
    missing.push('a running pcscd (it is not running, and only root can start it for the tests)');
  }
  if (options.opensc && !(onPath('opensc-tool') && onPath('pkcs15-tool'))) missing.push('OpenSC tools opensc-tool and pkcs15-tool (Debian package opensc)');
  return missing;
}

/** The reason line for skipIf, or a thrown error when CI demands every part. */
export function skipReason(options: { opensc?: boolean } = {}): string | null {
  const missing = missingParts(options);
  if (missing.length === 0) return null;
  const reason = `missing ${missing.join(', ')}`;
  if (REQUIRE_REAL_PARTS) throw new Error(`GATEHOUSE_REQUIRE_REAL_PARTS=1 but the PC/SC test stack is incomplete: ${reason}`);
  return reason;
}

export interface RunningStack {
  /** Whether this process started pcscd (and so will stop it). */
  started: boolean;
  /** The vpcd readers, slot 0 first. */
  readers: readonly VpcdReader[];
  logFile?: string;
  stop(): Promise<void>;
}

/** Ensures a pcscd with the vpcd readers is running (starting one if needed). */
export async function startPcscStack(): Promise<RunningStack> {
  const socket = defaultPcscdSocket();
  if (existsSync(socket)) {
    if (listening(VPCD_FIRST_PORT)) return { started: false, readers: readersFrom(VPCD_FIRST_PORT), stop: async () => undefined };
    if (pcscdRunning()) {
      // apt starts pcscd as it installs it, before vsmartcard-vpcd's reader is installed: that
      // pcscd has no vpcd readers, and every test would fail far from the cause.
      throw new Error(
        `pcscd is running without the vpcd readers (nothing listens on port ${VPCD_FIRST_PORT}); it was probably started before vsmartcard-vpcd was installed. Restart it (pkill -x pcscd) and run again.`,
      );
    }
    // The socket of a pcscd that was killed: nothing answers on it.
    rmSync(socket, { force: true });
  }
  const command = pcscdCommand();
  if (!command) throw new Error('pcscd is not installed');
  // A pcscd already running uses vsmartcard-vpcd's own reader.conf (slot 0 on VPCD_FIRST_PORT). Ours
  // reads a reader.conf.d of its own, with vpcd on two ports free now: the package's fixed port may be
  // held by anything else on the host's network (once, in CI, it was).
  const port = await freePortPair();
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pcscd-'));
  const confDir = join(dir, 'reader.conf.d');
  mkdirSync(confDir);
  const channel = `0x${port.toString(16).toUpperCase()}`;
  writeFileSync(join(confDir, 'vpcd'), `FRIENDLYNAME "Virtual PCD"\nDEVICENAME /dev/null:${channel}\nLIBPATH ${VPCD_DRIVER}\nCHANNELID ${channel}\n`);
  const logFile = join(dir, 'pcscd.log');
  const log = openSync(logFile, 'a');
  // Foreground (-f) so the child is pcscd itself and its pid is the one to stop; own session so a
  // terminal's signals don't reach it. -a logs APDUs, which helps when a test fails.
  const child = spawn(command, ['-f', '-a', '-c', confDir], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(socket) || !listening(port)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(
        `pcscd did not create ${socket} and load the vpcd readers within ${START_TIMEOUT_MS} ms; log:\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { started: true, readers: readersFrom(port), logFile, stop: () => stopChild(child, exited) };
}

function readersFrom(firstPort: number): VpcdReader[] {
  return VPCD_READER_NAMES.map((name, slot) => ({ name, port: firstPort + slot }));
}

/** A port p such that p and p + 1 are both free to listen on now. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listenOnce(0);
    if (port < 65535 && (await listenOnce(port + 1).then(() => true, () => false))) return port;
  }
  throw new Error('found no two consecutive free TCP ports for the vpcd readers in 20 tries');
}

/** Listens on `port` (0: any) and closes again, answering the port it got. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

function pcscdRunning(): boolean {
  return spawnSync('pgrep', ['-x', 'pcscd'], { stdio: 'ignore' }).status === 0;
}

/**
 * Whether something listens on `port` (vpcd's slot 0: a pcscd with the vpcd driver runs).
 * Read from /proc rather than by connecting, which vpcd would take for a card going in.
 */
function listening(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) => {
    if (!existsSync(table)) return false;
    return readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .some((line) => {
        const [, local, , state] = line.trim().split(/\s+/);
        return state === LISTEN && local?.endsWith(`:${hex}`);
      });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
