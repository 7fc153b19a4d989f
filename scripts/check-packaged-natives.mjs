// electron-builder's afterPack hook (electron-builder.yml): before any installer is made, every
// native module in the packed app is checked against the Electron it was packed with, and packaging
// stops on one built for another runtime (see native-abi.mjs for how a file says its ABI).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getAbi } from 'node-abi';
import { checkNativeAbis } from './native-abi.mjs';
import { findElectron } from './find-electron.mjs';

/** Every .node file under `dir` (the packed app: resources/app.asar.unpacked holds them). */
export function nativeFilesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Loads a module in the given Electron run as Node: for a file that does not say its ABI, the
 * runtime's own answer. Only possible for the machine's own platform.
 */
export function loadInElectron(electronPath) {
  return (file) => {
    const tried = spawnSync(electronPath, ['-e', 'require(process.argv[1])', file], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (tried.status === 0) return { loaded: true };
    const lines = `${tried.stderr ?? ''}`.split('\n').map((l) => l.trim()).filter(Boolean);
    return { loaded: false, reason: lines.find((l) => /Error|error/.test(l)) ?? lines[0] ?? `exit ${tried.status}` };
  };
}

/**
 * @param {{ appOutDir: string, electronVersion: string, load?: (file: string) => ({ loaded: true } | { loaded: false, reason: string }) }} options
 */
export function checkPackagedNatives({ appOutDir, electronVersion, load }) {
  const abi = Number(getAbi(electronVersion, 'electron'));
  const files = nativeFilesUnder(appOutDir);
  const results = checkNativeAbis(files, { abi, runtime: `Electron ${electronVersion}`, ...(load ? { load } : {}) });
  return { abi, results, ok: results.every((r) => r.ok) };
}

/** The afterPack hook: a thrown error stops electron-builder before it makes the installers. */
export default async function afterPack(context) {
  const electronVersion = context.packager.info.framework.version;
  // Only a file that does not say its ABI is loaded to find out, and only on its own platform.
  let electron;
  const load = (file) => {
    if (context.electronPlatformName !== process.platform) return { loaded: false, reason: `it is for ${context.electronPlatformName}, which cannot be tried here` };
    electron ??= findElectron();
    return electron.path ? loadInElectron(electron.path)(file) : { loaded: false, reason: electron.reason };
  };
  const { abi, results, ok } = checkPackagedNatives({ appOutDir: context.appOutDir, electronVersion, load });
  for (const r of results) console.log(`  native module ${r.ok ? 'ok' : 'WRONG'}: ${r.file.slice(context.appOutDir.length + 1)} (${r.found})`);
  if (!ok) {
    const wrong = results.filter((r) => !r.ok).map((r) => `${r.file}: ${r.problem}`);
    throw new Error(`Gatehouse: not packaging: ${wrong.length} native module(s) would not load in Electron ${electronVersion} (ABI ${abi}):\n${wrong.join('\n')}`);
  }
  console.log(`Gatehouse: ${results.length} native module(s) checked for Electron ${electronVersion} (ABI ${abi}).`);
}
export { afterPack };
