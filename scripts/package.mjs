// `npm run package`: build, then package with electron-builder where the Electron runtime can be had;
// elsewhere say so in one line (the configuration is still checked by npm test). electron-builder
// rebuilds the native modules for Electron inside node_modules; the Node builds the browser host and
// the tests load are kept aside first and put back afterwards, whatever happened. Its afterPack hook
// (check-packaged-natives.mjs) refuses to finish when a packed .node file is built for another ABI.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ELECTRON_NATIVE_MODULES } from './electron-natives.mjs';
import { findElectron } from './find-electron.mjs';

const electron = findElectron();
if (!electron.path) {
  console.log(`Gatehouse: cannot package here: the Electron runtime is not available (${electron.reason}).`);
  process.exit(1);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const nodeBuilds = ELECTRON_NATIVE_MODULES.map((m) => join('node_modules', m.name, m.binding)).filter((file) => existsSync(file));
const aside = mkdtempSync(join(tmpdir(), 'gatehouse-node-builds-'));
nodeBuilds.forEach((file, i) => copyFileSync(file, join(aside, `${i}.node`)));
let status = 0;
try {
  for (const args of [['electron-vite', 'build'], ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]]) {
    const result = spawnSync(npx, args, { stdio: 'inherit' });
    status = result.status ?? 1;
    if (status !== 0) break;
  }
} finally {
  nodeBuilds.forEach((file, i) => copyFileSync(join(aside, `${i}.node`), file));
  rmSync(aside, { recursive: true, force: true });
}
process.exit(status);
