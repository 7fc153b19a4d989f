import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import afterPack, { checkPackagedNatives, nativeFilesUnder } from '../../../scripts/check-packaged-natives.mjs';
import { checkNativeAbis, readNativeAbi } from '../../../scripts/native-abi.mjs';
import { compileNativeModule, nodeAbi, otherAbi } from '../../support/native-fixture';

// node-abi's table: Electron 45 runs Node with NODE_MODULE_VERSION 150.
const electron45 = { version: '45.4.1', abi: 150 };
const work = mkdtempSync(join(tmpdir(), 'gatehouse-native-abi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sqliteNodeBuild = join(process.cwd(), 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const pcscNodeBuild = join(process.cwd(), 'node_modules/@pokusew/pcsclite/build/Release/pcsclite.node');
// The keychain's N-API build for this platform (@napi-rs/keyring-<platform>-<arch>…).
const napiModule = ((dir) => {
  const folder = readdirSync(dir).find((name) => name.startsWith(`keyring-${process.platform}-${process.arch}`))!;
  return join(dir, folder, readdirSync(join(dir, folder)).find((name) => name.endsWith('.node'))!);
})(join(process.cwd(), 'node_modules/@napi-rs'));
const compiled = compileNativeModule(join(work, 'compiled'), otherAbi);

describe('reading a .node file\'s ABI without loading it', () => {
  it('better-sqlite3 as npm install built it: its node_register_module_v<N> export names this Node\'s ABI', () => {
    expect(readNativeAbi(sqliteNodeBuild)).toEqual({ kind: 'node', abi: nodeAbi, from: 'export' });
  });

  it('reads the number from the export, whatever it is (a copy renamed as an Electron 45 build)', () => {
    const bytes = readFileSync(sqliteNodeBuild);
    const text = bytes.toString('latin1');
    const symbol = `node_register_module_v${nodeAbi}\0`;
    expect(text).toContain(symbol);
    const patched = Buffer.from(text.split(symbol).join(`node_register_module_v${electron45.abi}\0`), 'latin1');
    expect(readNativeAbi(patched)).toEqual({ kind: 'node', abi: electron45.abi, from: 'export' });
  });

  it('@pokusew/pcsclite registers itself when loaded: the ABI is read from its node_module record', () => {
    expect(readNativeAbi(pcscNodeBuild)).toEqual({ kind: 'node', abi: nodeAbi, from: 'registration' });
  });

  it.skipIf('reason' in compiled)('a self-registering module compiled here for another ABI reads as that ABI', () => {
    expect(readNativeAbi((compiled as { file: string }).file)).toEqual({ kind: 'node', abi: otherAbi, from: 'registration' });
  });

  it('an N-API module (the keychain) is ABI-stable: it loads in any runtime', () => {
    expect(readNativeAbi(napiModule)).toEqual({ kind: 'napi' });
  });

  it('a file that says nothing is unknown, with the reason', () => {
    expect(readNativeAbi(Buffer.from('not a native module'))).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('no registration symbol') });
    expect(readNativeAbi(Buffer.from('\0node_register_module_v115\0node_register_module_v150\0'))).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('115, 150') });
  });
});

describe('checking .node files against a runtime', () => {
  it('passes the right ABI and N-API, and refuses another ABI in words', () => {
    const [sqlite, napi] = checkNativeAbis([sqliteNodeBuild, napiModule], { abi: electron45.abi, runtime: 'Electron 45.4.1' });
    expect(sqlite).toMatchObject({ ok: false, found: `ABI ${nodeAbi}`, problem: `built for ABI ${nodeAbi}, but Electron 45.4.1 needs ABI 150` });
    expect(napi).toMatchObject({ ok: true });
    expect(checkNativeAbis([sqliteNodeBuild], { abi: nodeAbi, runtime: 'Node' })[0]).toMatchObject({ ok: true });
  });

  it('asks the runtime itself about a file that does not say, and refuses it when there is no one to ask', () => {
    const silent = join(work, 'silent.node');
    writeFileSync(silent, 'nothing to read');
    expect(checkNativeAbis([silent], { abi: 150, runtime: 'Electron 45.4.1' })[0]).toMatchObject({ ok: false, problem: expect.stringContaining('cannot be told') });
    expect(checkNativeAbis([silent], { abi: 150, runtime: 'Electron 45.4.1', load: () => ({ loaded: true }) })[0]).toMatchObject({ ok: true });
    expect(checkNativeAbis([silent], { abi: 150, runtime: 'Electron 45.4.1', load: () => ({ loaded: false, reason: 'Module did not self-register' }) })[0])
      .toMatchObject({ ok: false, problem: 'Electron 45.4.1 could not load it: Module did not self-register' });
  });
});

describe('npm run package\'s check of the packed app (electron-builder afterPack)', () => {
  /** A packed app as electron-builder leaves it: the native modules unpacked beside the asar. */
  function packedApp(name: string, files: Record<string, string>): string {
    const out = join(work, name);
    for (const [path, from] of Object.entries(files)) {
      const to = join(out, 'resources/app.asar.unpacked/node_modules', path);
      mkdirSync(join(to, '..'), { recursive: true });
      copyFileSync(from, to);
    }
    writeFileSync(join(out, 'resources', 'app.asar'), 'asar');
    return out;
  }
  const context = (appOutDir: string) => ({ appOutDir, electronPlatformName: 'linux', packager: { info: { framework: { version: electron45.version } } } });

  it('finds every .node file in the packed app', () => {
    const out = packedApp('listing', { 'better-sqlite3/build/Release/better_sqlite3.node': sqliteNodeBuild, '@napi-rs/keyring-linux-x64-gnu/keyring.node': napiModule });
    expect(nativeFilesUnder(out).map((f) => f.slice(out.length + 1))).toEqual([
      'resources/app.asar.unpacked/node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.node',
      'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    ]);
  });

  it('stops packaging when a module was left built for Node, naming it and both ABIs', async () => {
    const out = packedApp('left-for-node', {
      'better-sqlite3/build/Release/better_sqlite3.node': sqliteNodeBuild,
      '@napi-rs/keyring-linux-x64-gnu/keyring.node': napiModule,
    });
    const checked = checkPackagedNatives({ appOutDir: out, electronVersion: electron45.version });
    expect(checked.abi).toBe(150);
    expect(checked.ok).toBe(false);
    await expect(afterPack(context(out))).rejects.toThrow(
      new RegExp(`not packaging: 1 native module\\(s\\) would not load in Electron 45\\.4\\.1 \\(ABI 150\\):\\n.*better_sqlite3\\.node: built for ABI ${nodeAbi}, but Electron 45\\.4\\.1 needs ABI 150`),
    );
  });

  it.skipIf('reason' in compiled || otherAbi !== 150)('lets packaging go on when every module is built for its Electron or N-API', async () => {
    const out = packedApp('all-right', {
      'better-sqlite3/build/Release/better_sqlite3.node': (compiled as { file: string }).file,
      '@napi-rs/keyring-linux-x64-gnu/keyring.node': napiModule,
    });
    expect(checkPackagedNatives({ appOutDir: out, electronVersion: electron45.version }).ok).toBe(true);
    await expect(afterPack(context(out))).resolves.toBeUndefined();
  });
});
