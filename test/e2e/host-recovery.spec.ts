import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { stopChild } from './support/child-process';

// The browser host runs under its supervisor, as `npm start` (without Electron) runs it: the built
// host in out/web/host (npm run build makes it), so the build's own paths and its start of cli.mjs are
// what is tested here; every other e2e test starts the TypeScript source. A host killed outright (kill -9: no chance to clean up) is started again on the same address
// with the same access token, and the open page gets back to a live board by itself.

interface HostLine {
  stage: 'serving';
  url: string;
  origin: string;
  pid: number;
  settingsDir: string;
}

let supervisor: ChildProcess;
const lines: HostLine[] = [];
let announced: () => void = () => undefined;

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-recovery-'));
  supervisor = spawn(process.execPath, ['out/web/host/supervise.mjs', '--json', '--scenario', 'off', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Each host says when it serves the page and again when its desk has started; a start is the first.
  createInterface({ input: supervisor.stdout! }).on('line', (line) => {
    const said = JSON.parse(line) as HostLine | { stage: 'started' };
    if (said.stage !== 'serving') return;
    lines.push(said);
    announced();
  });
  await nextHost(0);
});
test.afterAll(async () => {
  if (supervisor) await stopChild(supervisor);
});

/** Waits until the supervisor has announced `count + 1` host starts. */
function nextHost(count: number): Promise<HostLine> {
  return new Promise((resolve) => {
    const check = () => {
      if (lines.length > count) resolve(lines[count]!);
      else announced = check;
    };
    check();
  });
}

test('a host killed with kill -9 comes back on the same address, and the open page reconnects by itself', async ({ page }) => {
  const first = lines[0]!;
  expect(statSync(join(first.settingsDir, 'browser-host.secret')).mode & 0o077).toBe(0);
  await page.goto(first.url);
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  // The token has left the address bar.
  expect(new URL(page.url()).hash).toBe('');

  process.kill(first.pid, 'SIGKILL');
  await expect(bar).toHaveAttribute('data-phase', 'reconnecting');
  const second = await nextHost(1);
  expect(second.pid).not.toBe(first.pid);
  expect(second.url).toBe(first.url);
  await expect(bar).toHaveAttribute('data-phase', 'connected', { timeout: 30_000 });

  // A reload (the operator pressing F5, or the kiosk restarting the page) needs no address either.
  await page.reload();
  await expect(bar).toHaveAttribute('data-phase', 'connected');
});
