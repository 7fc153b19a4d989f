import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the desk benches run of a checkout's build: the renderer the browser host serves, and the host
 * as `npm start` runs it. A fresh clone has neither; the host then stops with "the renderer is not
 * built", which the bench used to learn only after its monitor part (ten minutes).
 */
export const BUILT_PARTS = ['out/renderer/index.html', 'out/web/host/cli.mjs'] as const;

/** The bench cannot run as asked until something is built: said in one line, without a stack. */
export class BuildMissing extends Error {}

/** The parts of `checkout`'s build that are missing (none when it is built). */
export function missingBuild(checkout: string): string[] {
  return BUILT_PARTS.filter((part) => !existsSync(join(checkout, part)));
}

/** Runs `npm run build` in the checkout, its output on this terminal; answers whether it succeeded. */
export function npmRunBuild(checkout: string): boolean {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return spawnSync(npm, ['run', 'build'], { cwd: checkout, stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

/**
 * Before any long part starts: builds this checkout when its build is missing (the bench measures
 * what `npm start` runs), and refuses at once, with the command to run, when a checkout it is
 * compared with is not built (the bench does not build other folders).
 */
export function ensureBuilt(
  checkout: string,
  others: readonly string[],
  log: (line: string) => void,
  build: (checkout: string) => boolean = npmRunBuild,
): void {
  for (const other of others) {
    const missing = missingBuild(other);
    if (missing.length > 0) throw new BuildMissing(`${other} is not built (${missing.join(', ')} missing): run "npm ci && npm run build" in it first`);
  }
  const missing = missingBuild(checkout);
  if (missing.length === 0) return;
  log(`bench: the desk is not built (${missing.join(', ')} missing): running "npm run build" first…`);
  if (!build(checkout)) throw new BuildMissing('"npm run build" failed: the desk benches need the built renderer and host (see its output above)');
  const still = missingBuild(checkout);
  if (still.length > 0) throw new BuildMissing(`"npm run build" left ${still.join(', ')} missing: the desk benches cannot run`);
}
