import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELECTRON_NATIVE_MODULES, electronHeadersAvailable, nativeBuildDir, prepareElectronNatives, type RebuildRequest } from '../../../scripts/electron-natives.mjs';
import { readNativeAbi } from '../../../scripts/native-abi.mjs';
import { compileNativeModule, nodeAbi, otherAbi } from '../../support/native-fixture';

// npm start's native step, with @electron/rebuild replaced by a stand-in that "builds" by compiling
// the fixture module for the ABI asked (the real one needs Electron's headers, which cannot be
// downloaded here). What is real: the folder per Electron version, the copies, the ABI read from the
// files, the reuse, and node_modules' Node builds left alone.
const work = mkdtempSync(join(tmpdir(), 'gatehouse-electron-natives-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const probe = compileNativeModule(join(work, 'probe'), otherAbi);
const headers = async () => ({ ok: true as const });

/** A checkout's node_modules with both modules as npm install left them (built for Node). */
function checkout(name: string): string {
  const root = join(work, name);
  for (const module of ELECTRON_NATIVE_MODULES) {
    const from = join(process.cwd(), 'node_modules', module.name);
    const to = join(root, 'node_modules', module.name);
    mkdirSync(join(to, 'build', 'Release'), { recursive: true });
    cpSync(join(from, 'package.json'), join(to, 'package.json'));
    cpSync(join(from, 'lib'), join(to, 'lib'), { recursive: true });
    copyFileSync(join(from, module.binding), join(to, module.binding));
  }
  return root;
}

/** A stand-in for @electron/rebuild that builds each module's binding for `abi`, recording what it was asked. */
function fakeRebuild(abi: number) {
  return vi.fn(async (request: RebuildRequest) => {
    for (const name of request.onlyModules) {
      const module = ELECTRON_NATIVE_MODULES.find((m) => m.name === name)!;
      const made = compileNativeModule(join(request.buildPath, 'node_modules', name, 'build', 'Release'), abi, module.binding.split('/').at(-1));
      if ('reason' in made) throw new Error(made.reason);
    }
  });
}

describe.skipIf('reason' in probe)('npm start: native modules for the Electron it found', () => {
  let root: string;
  const nodeBuild = () => readNativeAbi(join(root, 'node_modules/better-sqlite3', ELECTRON_NATIVE_MODULES[0]!.binding));
  beforeEach((context) => {
    root = checkout(context.task.id);
  });

  it('builds both modules for Electron\'s ABI in a folder of their own, and leaves the Node builds alone', async () => {
    const rebuild = fakeRebuild(otherAbi);
    const ready = await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild, headersAvailable: headers });
    const dir = nativeBuildDir(root, '45.4.1');
    expect(ready).toEqual({ ok: true, dir, reused: false, modules: ['better-sqlite3', '@pokusew/pcsclite'] });
    expect(dir).toBe(join(root, 'node_modules', '.cache', 'gatehouse-electron', `45.4.1-${process.platform}-${process.arch}`));
    expect(rebuild).toHaveBeenCalledWith(expect.objectContaining({ buildPath: dir, electronVersion: '45.4.1', onlyModules: ['better-sqlite3', '@pokusew/pcsclite'] }));
    for (const module of ELECTRON_NATIVE_MODULES) {
      expect(readNativeAbi(join(dir, 'node_modules', module.name, module.binding))).toMatchObject({ kind: 'node', abi: otherAbi });
      expect(readNativeAbi(join(root, 'node_modules', module.name, module.binding))).toMatchObject({ kind: 'node', abi: nodeAbi });
      // The modules' code came along, so main can load them from there.
      expect(existsSync(join(dir, 'node_modules', module.name, 'package.json'))).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies).toHaveProperty('better-sqlite3');
  });

  it('reuses them on the next start, without building (and without asking for headers)', async () => {
    await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild: fakeRebuild(otherAbi), headersAvailable: headers });
    const rebuild = fakeRebuild(otherAbi);
    const headersAsked = vi.fn(headers);
    const again = await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild, headersAvailable: headersAsked });
    expect(again).toMatchObject({ ok: true, reused: true });
    expect(rebuild).not.toHaveBeenCalled();
    expect(headersAsked).not.toHaveBeenCalled();
  });

  it('builds again for another Electron, in another folder, keeping the first', async () => {
    await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild: fakeRebuild(otherAbi), headersAvailable: headers });
    const next = await prepareElectronNatives({ root, electronVersion: '46.0.0', abi: otherAbi + 1, rebuild: fakeRebuild(otherAbi + 1), headersAvailable: headers });
    expect(next).toMatchObject({ ok: true, reused: false, dir: nativeBuildDir(root, '46.0.0') });
    expect(existsSync(nativeBuildDir(root, '45.4.1'))).toBe(true);
  });

  it('builds again when the folder holds a build for another ABI (a stale or foreign folder is not trusted)', async () => {
    const dir = nativeBuildDir(root, '45.4.1');
    mkdirSync(join(dir, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
    copyFileSync(join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
    const rebuild = fakeRebuild(otherAbi);
    expect(await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild, headersAvailable: headers })).toMatchObject({ ok: true, reused: false });
    expect(rebuild).toHaveBeenCalledOnce();
  });

  it('says in one line why, and leaves no folder, when the build comes out for the wrong ABI', async () => {
    const ready = await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild: fakeRebuild(nodeAbi), headersAvailable: headers });
    expect(ready).toEqual({ ok: false, reason: `better-sqlite3 was not built for Electron 45.4.1 (ABI ${otherAbi}): it is built for ABI ${nodeAbi}` });
    expect(existsSync(nativeBuildDir(root, '45.4.1'))).toBe(false);
    expect(nodeBuild()).toMatchObject({ abi: nodeAbi });
  });

  it('says in one line why when @electron/rebuild fails', async () => {
    const rebuild = vi.fn(async () => {
      throw new Error("node-gyp failed to rebuild 'better-sqlite3'\n  gyp ERR! stack ...");
    });
    const ready = await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild, headersAvailable: headers });
    expect(ready).toEqual({ ok: false, reason: "its native modules could not be built for Electron 45.4.1: node-gyp failed to rebuild 'better-sqlite3'" });
    expect(existsSync(nativeBuildDir(root, '45.4.1'))).toBe(false);
  });

  it('does not try to build where Electron\'s headers cannot be had, and says so', async () => {
    const rebuild = fakeRebuild(otherAbi);
    const reason = "Electron 45.4.1's headers, needed to build its native modules, cannot be downloaded here (ENOTFOUND)";
    const ready = await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild, headersAvailable: async () => ({ ok: false, reason }) });
    expect(ready).toEqual({ ok: false, reason });
    expect(rebuild).not.toHaveBeenCalled();
  });

  it('gets by without the card reader module (an optional dependency), but not without the store\'s', async () => {
    rmSync(join(root, 'node_modules/@pokusew/pcsclite'), { recursive: true });
    expect(await prepareElectronNatives({ root, electronVersion: '45.4.1', abi: otherAbi, rebuild: fakeRebuild(otherAbi), headersAvailable: headers }))
      .toMatchObject({ ok: true, modules: ['better-sqlite3'] });
    rmSync(join(root, 'node_modules/better-sqlite3'), { recursive: true });
    expect(await prepareElectronNatives({ root, electronVersion: '45.5.0', abi: otherAbi, rebuild: fakeRebuild(otherAbi), headersAvailable: headers }))
      .toEqual({ ok: false, reason: 'better-sqlite3 is not installed (run npm install)' });
  });
});

describe('whether Electron\'s headers can be had', () => {
  afterEach(() => vi.unstubAllEnvs());
  const noProxy = () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy', 'npm_config_https_proxy']) vi.stubEnv(name, '');
  };

  it('yes when node-gyp already has them, without asking the network', async () => {
    noProxy();
    const devDir = join(work, 'electron-gyp');
    mkdirSync(join(devDir, '45.4.1', 'include'), { recursive: true });
    const fetchImpl = vi.fn();
    expect(await electronHeadersAvailable('45.4.1', { devDir, fetchImpl: fetchImpl as never })).toEqual({ ok: true });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('no, in words, when the download address cannot be reached or has none', async () => {
    noProxy();
    const devDir = join(work, 'no-headers');
    const unreachable = vi.fn(async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    });
    expect(await electronHeadersAvailable('45.4.1', { devDir, fetchImpl: unreachable as never })).toEqual({
      ok: false,
      reason: "Electron 45.4.1's headers, needed to build its native modules, cannot be downloaded here (ENOTFOUND)",
    });
    const missing = vi.fn(async () => new Response(null, { status: 404 }));
    expect(await electronHeadersAvailable('45.4.1', { devDir, fetchImpl: missing as never })).toMatchObject({ ok: false, reason: expect.stringContaining('(HTTP 404)') });
    expect(missing).toHaveBeenCalledWith('https://www.electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz', expect.objectContaining({ method: 'HEAD' }));
  });
});

