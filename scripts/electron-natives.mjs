// The native modules Electron's main process loads, built for that Electron by `npm start`.
//
// `npm install` builds better-sqlite3 and @pokusew/pcsclite for the system's Node (the browser host
// and the tests run on it). Electron carries a Node of its own with another ABI and refuses those
// builds, so `npm start` makes a second set, for the Electron it found, in a folder of its own per
// Electron version (node_modules/.cache/gatehouse-electron/<version>-<platform>-<arch>/), with
// @electron/rebuild (a prebuilt binary where the module publishes one and the machine can fetch it,
// else compiled against Electron's headers). The main process finds the folder by its own version
// (electron/shells/electron-main/native-modules.ts) and hands the builds to the store and the reader.
// @napi-rs/keyring is N-API: one build serves both runtimes.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { readNativeAbi } from './native-abi.mjs';

/** The modules main loads that are built against one runtime's ABI, and the file each loads. */
export const ELECTRON_NATIVE_MODULES = [
  { name: 'better-sqlite3', binding: 'build/Release/better_sqlite3.node', optional: false },
  { name: '@pokusew/pcsclite', binding: 'build/Release/pcsclite.node', optional: true },
];

/** The folder for one Electron's builds; main computes the same (electron-main/native-modules.ts). */
export function nativeBuildDir(root, electronVersion, platform = process.platform, arch = process.arch) {
  return join(root, 'node_modules', '.cache', 'gatehouse-electron', `${electronVersion}-${platform}-${arch}`);
}

/**
 * The ABI of the Node inside an Electron binary, asked of the binary itself (ELECTRON_RUN_AS_NODE).
 * @returns {{ abi: number } | { reason: string }}
 */
export function electronAbi(electronPath) {
  const probe = spawnSync(electronPath, ['-p', 'process.versions.modules'], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const abi = Number(`${probe.stdout ?? ''}`.trim());
  if (probe.status === 0 && Number.isInteger(abi) && abi > 0) return { abi };
  return { reason: `Electron did not say its ABI (${`${probe.stderr ?? probe.error ?? ''}`.trim().split('\n')[0] || `exit ${probe.status}`})` };
}

/**
 * Whether Electron's headers (what a module is compiled against) can be had: already in node-gyp's
 * folder for Electron, or answering at @electron/rebuild's default address. Asked first so that a
 * machine without them gets one line, not a compiler's worth of errors. Behind a proxy the answer is
 * left to node-gyp, which knows the proxy settings.
 * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
 */
export async function electronHeadersAvailable(electronVersion, { devDir = join(homedir(), '.electron-gyp'), fetchImpl = fetch } = {}) {
  if (existsSync(join(devDir, electronVersion, 'include'))) return { ok: true };
  if (process.env.HTTPS_PROXY || process.env.https_proxy || process.env.npm_config_https_proxy) return { ok: true };
  const url = `https://www.electronjs.org/headers/v${electronVersion}/node-v${electronVersion}-headers.tar.gz`;
  try {
    const response = await fetchImpl(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(20_000) });
    if (response.ok) return { ok: true };
    return { ok: false, reason: `Electron ${electronVersion}'s headers, needed to build its native modules, are not at ${url} (HTTP ${response.status})` };
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.name ?? String(error);
    return { ok: false, reason: `Electron ${electronVersion}'s headers, needed to build its native modules, cannot be downloaded here (${cause})` };
  }
}

/** @electron/rebuild, building the modules in `buildPath`'s node_modules for one Electron. */
async function electronRebuild(options) {
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({ ...options, force: true, mode: 'sequential' });
}

/**
 * Makes sure the folder for this Electron holds builds of every module main loads, for `abi`: reuses
 * them when they are there and right (read from the files, not trusted from a marker), else copies
 * the modules' sources there and builds them. Never touches node_modules' own builds.
 * @param {{ root: string, electronVersion: string, abi: number, rebuild?: typeof electronRebuild,
 *   headersAvailable?: typeof electronHeadersAvailable, log?: (line: string) => void }} options
 * @returns {Promise<{ ok: true, dir: string, reused: boolean, modules: string[] } | { ok: false, reason: string }>}
 */
export async function prepareElectronNatives({ root, electronVersion, abi, rebuild = electronRebuild, headersAvailable = electronHeadersAvailable, log = () => {} }) {
  const dir = nativeBuildDir(root, electronVersion);
  const modules = [];
  for (const module of ELECTRON_NATIVE_MODULES) {
    if (existsSync(join(root, 'node_modules', module.name, 'package.json'))) modules.push(module);
    else if (!module.optional) return { ok: false, reason: `${module.name} is not installed (run npm install)` };
  }
  const built = () => modules.every((m) => builtFor(join(dir, 'node_modules', m.name, m.binding), abi));
  const names = modules.map((m) => m.name);
  if (built()) return { ok: true, dir, reused: true, modules: names };

  const headers = await headersAvailable(electronVersion);
  if (!headers.ok) return { ok: false, reason: headers.reason };
  log(`Gatehouse: building ${names.join(' and ')} for Electron ${electronVersion} (ABI ${abi}) in ${dir} …`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  const dependencies = {};
  for (const module of modules) {
    const from = join(root, 'node_modules', module.name);
    dependencies[module.name] = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')).version;
    // The sources only: the Node build stays where it is and must not be mistaken for this one.
    const build = join(from, 'build');
    cpSync(from, join(dir, 'node_modules', module.name), { recursive: true, filter: (path) => path !== build && !path.startsWith(build + sep) });
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'gatehouse-electron-natives', private: true, dependencies }, null, 2)}\n`);
  try {
    await rebuild({ buildPath: dir, electronVersion, arch: process.arch, onlyModules: names, types: ['prod', 'optional'] });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `its native modules could not be built for Electron ${electronVersion}: ${firstLine(error)}` };
  }
  for (const module of modules) {
    const file = join(dir, 'node_modules', module.name, module.binding);
    if (!builtFor(file, abi)) {
      const found = existsSync(file) ? describe(readNativeAbi(file)) : 'nothing was built';
      rmSync(dir, { recursive: true, force: true });
      return { ok: false, reason: `${module.name} was not built for Electron ${electronVersion} (ABI ${abi}): ${found}` };
    }
  }
  return { ok: true, dir, reused: false, modules: names };
}

function builtFor(file, abi) {
  if (!existsSync(file)) return false;
  const found = readNativeAbi(file);
  return found.kind === 'napi' || (found.kind === 'node' && found.abi === abi);
}

const describe = (found) => (found.kind === 'node' ? `it is built for ABI ${found.abi}` : found.kind === 'napi' ? 'N-API' : found.reason);

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').map((l) => l.trim()).find(Boolean) ?? 'no reason given';
}
