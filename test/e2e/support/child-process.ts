import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Node's own arguments to run a TypeScript file: tsx as a loader inside one process, so stopping that
 * process stops the server in it (through npx, the server would outlive the wrapper and keep its port).
 */
export const TSX = ['--import', 'tsx'];

/** The first line a child prints: the e2e helpers' processes describe themselves in one JSON line. */
export function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before printing its address`)));
  });
}

/**
 * What the browser host's CLI says about itself with --json: a line when it serves the page and one
 * when its desk has started (with the demo site's addresses), merged. Resolves at the second, so a
 * test's first call finds the desk there.
 */
export function startedHostLines<T extends object>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let said: Record<string, unknown> = {};
    lines.on('line', (line) => {
      said = { ...said, ...(JSON.parse(line) as Record<string, unknown>) };
      if (said.stage === 'started') {
        lines.close();
        resolve(said as T);
      }
    });
    child.once('exit', (code) => reject(new Error(`the browser host exited (${code}) before its desk started`)));
  });
}

/** Asks a child to stop and waits until it has. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
