import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, openSync, readFileSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPcscdSocket } from '../../../electron/core/piv/pcsc-binding';

/**
 * The real PC/SC stack for test/piv: pcscd with vsmartcard's vpcd driver, the @pokusew/pcsclite
 * binding and OpenSC's tools. Tests start pcscd when it is not already running and stop only what
 * they started. When a part is missing the suites skip and say which; with
 * GATEHOUSE_REQUIRE_REAL_PARTS=1 (CI) a missing part fails them instead.
 */

export const VPCD_READERS = [
  { port: 35963, name: 'Virtual PCD 00 00' },
  { port: 35964, name: 'Virtual PCD 00 01' },
] as const;

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
  logFile?: string;
  stop(): Promise<void>;
}

/** Ensures a pcscd with the vpcd readers is running (starting one if needed). */
export async function startPcscStack(): Promise<RunningStack> {
  const socket = defaultPcscdSocket();
  if (existsSync(socket)) {
    if (vpcdListening()) return { started: false, stop: async () => undefined };
    if (pcscdRunning()) {
      // apt starts pcscd as it installs it, before vsmartcard-vpcd's reader is installed: that
      // pcscd has no vpcd readers, and every test would fail far from the cause.
      throw new Error(
        `pcscd is running without the vpcd readers (nothing listens on port ${VPCD_READERS[0].port}); it was probably started before vsmartcard-vpcd was installed. Restart it (pkill -x pcscd) and run again.`,
      );
    }
    // The socket of a pcscd that was killed: nothing answers on it.
    rmSync(socket, { force: true });
  }
  const command = pcscdCommand();
  if (!command) throw new Error('pcscd is not installed');
  const logFile = join(mkdtempSync(join(tmpdir(), 'gatehouse-pcscd-')), 'pcscd.log');
  const log = openSync(logFile, 'a');
  // Foreground (-f) so the child is pcscd itself and its pid is the one to stop; own session so a
  // terminal's signals don't reach it. -a logs APDUs, which helps when a test fails.
  const child = spawn(command, ['-f', '-a'], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(socket) || !vpcdListening()) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(
        `pcscd did not create ${socket} and load the vpcd readers within ${START_TIMEOUT_MS} ms; log:\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { started: true, logFile, stop: () => stopChild(child, exited) };
}

function pcscdRunning(): boolean {
  return spawnSync('pgrep', ['-x', 'pcscd'], { stdio: 'ignore' }).status === 0;
}

/**
 * Whether something listens on vpcd's first reader port, i.e. a pcscd with the vpcd driver runs.
 * Read from /proc rather than by connecting, which vpcd would take for a card going in.
 */
function vpcdListening(): boolean {
  const port = VPCD_READERS[0].port.toString(16).toUpperCase().padStart(4, '0');
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) => {
    if (!existsSync(table)) return false;
    return readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .some((line) => {
        const [, local, , state] = line.trim().split(/\s+/);
        return state === LISTEN && local?.endsWith(`:${port}`);
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
