// `npm start`: build, then run the kiosk in Electron with native modules built for that Electron;
// where the Electron runtime cannot be had, or its native modules cannot be built, say why in one
// line and serve the same renderer from the browser host instead. docs/electron.md walks through it.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { electronAbi, prepareElectronNatives } from './electron-natives.mjs';
import { findElectron } from './find-electron.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const root = process.cwd();
// Arguments after `npm start --` go to the shell that runs, e.g. `--demo-items 2000` for the browser host.
const extraArgs = process.argv.slice(2);

run(npx, ['electron-vite', 'build', '--logLevel', 'warn']);

const electron = await electronReady();
if (electron.path) {
  const child = spawn(electron.path, ['.', ...extraArgs], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Gatehouse: ${electron.reason}; serving the same app from the browser host instead.`);
  // The host built like the Electron main is, so it does not compile TypeScript at every start.
  run(npx, ['vite', 'build', '-c', 'vite.web-host.config.ts', '--logLevel', 'warn']);
  const child = spawn(process.execPath, ['out/web/host/supervise.mjs', '--open', ...extraArgs], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** The Electron binary with its native modules ready, or why the kiosk cannot run in Electron here. */
async function electronReady() {
  const found = findElectron();
  if (!found.path) return { reason: `the Electron runtime is not available here (${found.reason})` };
  const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('electron/package.json'), 'utf8')).version;
  const runtime = electronAbi(found.path);
  if (!('abi' in runtime)) return { reason: `Electron ${version} cannot run here (${runtime.reason})` };
  const natives = await prepareElectronNatives({ root, electronVersion: version, abi: runtime.abi, log: (line) => console.log(line) });
  if (!natives.ok) return { reason: `the kiosk cannot run in Electron ${version} here: ${natives.reason}` };
  if (!natives.reused) console.log(`Gatehouse: ${natives.modules.join(' and ')} built for Electron ${version} (ABI ${runtime.abi}); later starts reuse them.`);
  return { path: found.path };
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
