import { spawn, type ChildProcess } from 'node:child_process';
import { TSX, startedHostLines, stopChild } from './child-process';
import type { RunningHost } from './host';

/** A browser host on a settings folder the test keeps, so a second start finds what the first left. */
export interface KillableHost extends RunningHost {
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>;
}

export async function startHostIn(dataDir: string): Promise<KillableHost> {
  const args = [...TSX, 'electron/shells/web-host/cli.ts', '--json', '--control', '--scenario', 'off', '--data-dir', dataDir];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const info = await startedHostLines<Omit<RunningHost, 'stop'>>(child);
  return {
    ...info,
    stop: () => stopChild(child),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
