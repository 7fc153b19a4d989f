import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The shell layer tests the BUILT bundles (out/main, out/preload), as Electron would load them. They
// are built here when missing or older than any source they are made from, so a run never tests
// yesterday's shell (`npm test` has just built them, and then this costs nothing).
const sources = ['electron/shells', 'electron/core', 'shared'];
const bundles = ['out/main/index.js', 'out/preload/index.cjs'];

function newestSource(): number {
  let newest = 0;
  for (const dir of sources) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function oldestBundle(): number {
  try {
    return Math.min(...bundles.map((file) => statSync(file).mtimeMs));
  } catch {
    return 0;
  }
}

export default function setup(): void {
  if (oldestBundle() > newestSource()) return;
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const built = spawnSync(npx, ['electron-vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`electron-vite build failed (${built.status}); the shell layer tests the built bundles`);
}
