// `npm start`: build, then run the kiosk in Electron; where the Electron runtime cannot be had, say so
// in one line and serve the same renderer from the browser host instead.
import { spawn, spawnSync } from 'node:child_process';
import { findElectron } from './find-electron.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// Arguments after `npm start --` go to the shell that runs, e.g. `--demo-items 2000` for the browser host.
const extraArgs = process.argv.slice(2);

run(npx, ['electron-vite', 'build', '--logLevel', 'warn']);

const electron = findElectron();
if (electron.path) {
  const child = spawn(electron.path, ['.', ...extraArgs], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Gatehouse: the Electron runtime is not available here (${electron.reason}); serving the same app from the browser host instead.`);
  // The host built like the Electron main is, so it does not compile TypeScript at every start.
  run(npx, ['vite', 'build', '-c', 'vite.web-host.config.ts', '--logLevel', 'warn']);
  const child = spawn(process.execPath, ['out/web/host/supervise.mjs', '--open', ...extraArgs], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
