// `npm run package`: build, then package with electron-builder where the Electron runtime can be had;
// elsewhere say so in one line (the configuration is still checked by npm test).
import { spawnSync } from 'node:child_process';
import { findElectron } from './find-electron.mjs';

const electron = findElectron();
if (!electron.path) {
  console.log(`Gatehouse: cannot package here: the Electron runtime is not available (${electron.reason}).`);
  process.exit(1);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
for (const args of [['electron-vite', 'build'], ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]]) {
  const result = spawnSync(npx, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
