import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FileMatcher } from 'app-builder-lib/out/fileMatcher';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

// electron-builder.yml as electron-builder itself reads and checks it, and the files it would pack.
const root = process.cwd();
const load = () => getConfig(root, 'electron-builder.yml', null);

/** Paths electron-builder's own file filter keeps out of `paths`, walking folders as it does. */
function selectedFiles(patterns: string[], paths: string[], { inNodeModules = false } = {}): string[] {
  const filter = new FileMatcher(root, '/app', (s) => s, patterns).createFilter();
  const stat = (isDirectory: boolean) => ({ isDirectory: () => isDirectory, isSymbolicLink: () => false }) as never;
  return paths.filter((path) => {
    const parts = path.split('/');
    // A folder the filter refuses is never entered, so nothing below it can be packed.
    // electron-builder copies node_modules by package, never asking about node_modules itself.
    for (let i = inNodeModules ? 2 : 1; i < parts.length; i++) if (!filter(`${root}/${parts.slice(0, i).join('/')}`, stat(true))) return false;
    return filter(`${root}/${path}`, stat(false));
  });
}

// Loading electron-builder's schema takes seconds on a busy machine.
describe('electron-builder.yml', { timeout: 60_000 }, () => {
  it('passes electron-builder\'s own configuration schema', async () => {
    const config = await load();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.appId).toBe('org.gatehouse.desk');
    expect(config.productName).toBe('Gatehouse');
  });

  it('is refused by that schema when an option is misspelt (the check is real)', async () => {
    const config = await load();
    const misspelt = { ...config, linux: { ...config.linux, targett: ['AppImage'] } } as typeof config;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/does not match the API schema[\s\S]*configuration\.linux/);
  });

  it('builds AppImage and deb (needing pcscd and a Secret Service), NSIS and dmg, with the icons in resources/', async () => {
    const config = await load();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.deb?.depends).toEqual(expect.arrayContaining(['pcscd', expect.stringContaining('gnome-keyring')]));
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    for (const icon of [config.win?.icon, config.mac?.icon]) expect(readFileSync(String(icon)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('unpacks every native module from the asar', async () => {
    const config = await load();
    expect(config.asar).toBe(true);
    const unpack = ([] as string[]).concat(config.asarUnpack ?? []);
    for (const native of ['@napi-rs/keyring', '@pokusew/pcsclite', 'better-sqlite3']) expect(unpack.join(' ')).toContain(native);
    expect(unpack).toContain('**/*.node');
  });

  it('packs the built renderer, main and preload, and nothing from the sources, tests or source maps', async () => {
    const config = await load();
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).trim().split('\n');
    const built = ['out/main/index.js', 'out/main/index.js.map', 'out/preload/index.cjs', 'out/renderer/index.html',
      'out/renderer/restarting.html', 'out/renderer/assets/index-abc123.js', 'out/renderer/assets/index-abc123.css'];
    // getConfig hands the `files` list back as one file set: { filter: [patterns] }.
    const [fileSet] = config.files as Array<{ filter: string[] }>;
    const packed = selectedFiles(fileSet!.filter, [...tracked, ...built]);
    expect(packed.sort()).toEqual(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/assets/index-abc123.css',
      'out/renderer/assets/index-abc123.js', 'out/renderer/index.html', 'out/renderer/restarting.html', 'package.json']);
    expect(tracked.some((path) => path.startsWith('test/'))).toBe(true);
  });

  it('rebuilds the native modules for its Electron (a published prebuilt binary first), and checks them after packing', async () => {
    const config = await load();
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    // electron-builder resolves a hook path like this one and calls its default export after packing.
    expect(config.afterPack).toBe('./scripts/check-packaged-natives.mjs');
    const hook = await import(resolve(root, String(config.afterPack)));
    expect(typeof hook.default).toBe('function');
    expect(hook.default).toBe(hook.afterPack);
  });

  it('ships each native module\'s binding and code, not its C sources, objects or better-sqlite3\'s test extension', async () => {
    const config = await load();
    // For node_modules, electron-builder keeps everything its `files` patterns do not exclude.
    const [fileSet] = config.files as Array<{ filter: string[] }>;
    const patterns = ['**/*', ...fileSet!.filter];
    const sqlite = 'node_modules/better-sqlite3';
    const pcsc = 'node_modules/@pokusew/pcsclite';
    const shipped = [`${sqlite}/build/Release/better_sqlite3.node`, `${sqlite}/lib/database.js`, `${sqlite}/package.json`,
      `${pcsc}/build/Release/pcsclite.node`, `${pcsc}/lib/pcsclite.js`];
    const left = [`${sqlite}/build/Release/test_extension.node`, `${sqlite}/build/Release/obj.target/better_sqlite3.node`,
      `${sqlite}/deps/sqlite3/sqlite3.c`, `${sqlite}/src/better_sqlite3.cpp`, `${pcsc}/build/Release/obj.target/pcsclite.node`,
      `${pcsc}/build/Release/.deps/Release/pcsclite.node.d`];
    expect(selectedFiles(patterns, [...shipped, ...left], { inNodeModules: true }).sort()).toEqual([...shipped].sort());
  });
});
