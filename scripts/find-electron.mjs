import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Where the Electron runtime binary is, or why it cannot be had. The electron package fetches its
 * binary on first use; that attempt runs in a child process so its noise stays out of the terminal.
 * @returns {{ path: string } | { path?: undefined, reason: string }}
 */
export function findElectron() {
  try {
    createRequire(import.meta.url).resolve('electron');
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("electron"))'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (probe.status === 0 && probe.stdout) return { path: probe.stdout.trim() };
  const lines = `${probe.stderr ?? ''}`.split('\n').map((l) => l.trim()).filter(Boolean);
  const cause = lines.find((l) => /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|\b40[34]\b/.test(l)) ?? lines[0];
  return { reason: `its download failed: ${cause ?? 'no binary'}` };
}
