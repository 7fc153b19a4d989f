import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Logger } from '../../core/log/logger';
import { EXIT_DESK_CANNOT_START } from './exit-codes';

export interface SupervisorOptions {
  /** Starts one host process with these CLI arguments; its stdout must be piped. */
  spawnHost(args: string[]): ChildProcess;
  /** The host CLI's arguments as the operator gave them. */
  args: string[];
  log: Logger;
  /** Each line the host prints (its address), passed on. */
  print(line: string): void;
  /** Wait before restart `attempt` (0, 1, …): quick at first, then backing off while it keeps failing. */
  restartDelayMs?(attempt: number): number;
}

export interface Supervisor {
  /** Stops the host and does not restart it; resolves with the exit code to leave with. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  /** Resolves when supervision ends on its own (the host failed before it ever served). */
  readonly ended: Promise<number>;
}

/** A host that lived this long was working: its next failure starts the back-off again. */
const STABLE_MS = 60_000;

const defaultDelay = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/**
 * Keeps the browser host running: a host that dies (a crash, an out-of-memory kill, a kill -9) is
 * started again on the same port with the same settings folder, so the same address and access token
 * (launch-token.ts) stay valid and open pages reconnect by themselves. The first start is not retried
 * when it fails before serving: that is a setup problem (no build, bad arguments), said once. Nor is a
 * host whose desk could not start (EXIT_DESK_CANNOT_START): it would fail the same way again.
 */
export function superviseHost(options: SupervisorOptions): Supervisor {
  const delay = options.restartDelayMs ?? defaultDelay;
  let child: ChildProcess | undefined;
  let port: string | undefined;
  let stopping = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finish: (code: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => (finish = resolve));

  const argsFor = (restart: boolean): string[] => {
    const args = [...options.args];
    if (port !== undefined) {
      const at = args.indexOf('--port');
      if (at >= 0) args.splice(at, 2);
      args.push('--port', port);
    }
    // The browser window opened on the first start reconnects by itself; a second window would not help.
    return restart ? args.filter((a) => a !== '--open') : args;
  };

  const start = (restart: boolean) => {
    timer = undefined;
    const startedAt = Date.now();
    let served = false;
    const current = options.spawnHost(argsFor(restart));
    child = current;
    createInterface({ input: current.stdout! }).on('line', (line) => {
      if (!served) {
        served = true;
        port ??= /127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      }
      options.print(line);
    });
    current.on('exit', (code, signal) => {
      if (child === current) child = undefined;
      // Stopped by us, or the host chose to stop (the kiosk's exit PIN, a signal it handled): done.
      if (stopping || (code === 0 && signal === null)) return finish(code ?? 0);
      if (!served && port === undefined) {
        options.log.error('host.failed-to-start', { code, signal });
        return finish(code ?? 1);
      }
      if (code === EXIT_DESK_CANNOT_START) {
        options.log.error('host.desk-cannot-start', { code });
        return finish(code);
      }
      if (Date.now() - startedAt > STABLE_MS) attempt = 0;
      const wait = delay(attempt++);
      options.log.error('host.exited', { code, signal, restartInMs: wait, port });
      timer = setTimeout(() => start(true), wait);
    });
  };

  start(false);

  return {
    ended,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else finish(0);
      return ended;
    },
  };
}

/** The usual way to start a host: this Node (with tsx for the TypeScript source), the host CLI, output piped back. */
export function spawnHostCli(cliPath: string): (args: string[]) => ChildProcess {
  const loader = cliPath.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return (args) => spawn(process.execPath, [...loader, cliPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
}
