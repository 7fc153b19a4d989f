import { app } from 'electron';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PcscFactory } from '../../core/piv/pcsc-binding';

/**
 * Where `npm start` keeps the native modules it built for one Electron (scripts/electron-natives.mjs
 * makes the folder and names it the same way): node_modules holds the builds for Node, which the
 * browser host and the tests use, so Electron's builds live apart, one folder per Electron version.
 */
export function nativeBuildDir(appPath: string, electronVersion: string, platform: string = process.platform, arch: string = process.arch): string {
  return join(appPath, 'node_modules', '.cache', 'gatehouse-electron', `${electronVersion}-${platform}-${arch}`);
}

/**
 * The native modules main loads, as built for this Electron. A packaged desk has none apart:
 * electron-builder rebuilt node_modules for its Electron (and `npm run package` checked them). Run
 * from a checkout, they come from `npm start`'s folder for this Electron version when it is there;
 * otherwise node_modules' own are tried, and a module built for another runtime is reported in words
 * by whoever loads it (the local store, the card readers).
 */
export function electronNativeModules(): { sqliteBinding?: string; loadPcsc?: () => PcscFactory } {
  const version = process.versions.electron;
  if (app.isPackaged || !version) return {};
  const dir = nativeBuildDir(app.getAppPath(), version);
  const sqlite = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  const pcsc = join(dir, 'node_modules', '@pokusew', 'pcsclite', 'package.json');
  return {
    ...(existsSync(sqlite) ? { sqliteBinding: sqlite } : {}),
    ...(existsSync(pcsc) ? { loadPcsc: () => createRequire(pcsc)('@pokusew/pcsclite') as PcscFactory } : {}),
  };
}
