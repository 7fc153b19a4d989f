import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ELECTRON_NATIVE_MODULES, nativeBuildDir } from '../../scripts/electron-natives.mjs';
import { compileNativeModule, nodeAbi, otherAbi } from '../support/native-fixture';
import { requestsOf, root, ShellProcess } from './main-process';

// Run from a checkout, the Electron main takes better-sqlite3 and pcsclite from `npm start`'s folder
// for its own Electron version (scripts/electron-natives.mjs names it; so must main). These tests put
// builds there for ANOTHER runtime, as a stale or foreign folder would hold, and check the desk says
// so in words instead of crashing or relaunching for ever.
const electronVersion = '45.4.1';
const fixtures = mkdtempSync(join(tmpdir(), 'gatehouse-native-fixture-'));
const wrong = compileNativeModule(fixtures, otherAbi);
const binding = (name: string) => ELECTRON_NATIVE_MODULES.find((m) => m.name === name)!.binding;

/** An app folder whose Electron build folder holds `files` (path inside the folder → file to copy). */
function appWithNativeBuilds(files: Record<string, string>): string {
  const app = mkdtempSync(join(tmpdir(), 'gatehouse-app-'));
  const dir = nativeBuildDir(app, electronVersion);
  for (const [path, from] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(from, join(dir, path));
  }
  return app;
}

describe.skipIf('reason' in wrong)(`native modules built for another runtime (${'reason' in wrong ? wrong.reason : `ABI ${otherAbi}`})`, () => {
  const wrongFile = 'file' in wrong ? wrong.file : '';
  let shell: ShellProcess | undefined;
  const apps: string[] = [];
  afterEach(async () => {
    await shell?.dispose();
    shell = undefined;
  });
  afterAll(() => {
    for (const app of [...apps, fixtures]) rmSync(app, { recursive: true, force: true });
  });

  it('the local store\'s: the desk says why it cannot start, in words, and stops without relaunching', async () => {
    const app = appWithNativeBuilds({ [join('node_modules/better-sqlite3', binding('better-sqlite3'))]: wrongFile });
    apps.push(app);
    shell = new ShellProcess({ env: { STAND_IN_ELECTRON_VERSION: electronVersion, STAND_IN_APP_PATH: app } });
    const { code, record = [] } = await shell.exited;
    expect(code).toBe(1);
    const [box] = requestsOf(record, 'dialog.showErrorBox');
    expect(box?.args[0]).toBe('Gatehouse cannot start');
    expect(box?.args[1]).toContain(`its database module was built for another runtime (ABI ${otherAbi}, this is ${nodeAbi})`);
    expect(box?.args[1]).toContain('npm start');
    expect(box?.args[1]).not.toMatch(/NODE_MODULE_VERSION|re-compiling/);
    expect(requestsOf(record, 'app.relaunch')).toHaveLength(0);
    expect(requestsOf(record, 'ipcMain.handle')).toHaveLength(0);
  });

  describe('the card reader\'s', () => {
    let app: string;
    beforeAll(() => {
      // The store's build is right for this runtime (the Node build); the reader's is not.
      app = appWithNativeBuilds({
        [join('node_modules/better-sqlite3', binding('better-sqlite3'))]: join(root, 'node_modules/better-sqlite3', binding('better-sqlite3')),
        [join('node_modules/@pokusew/pcsclite', binding('@pokusew/pcsclite'))]: wrongFile,
      });
      apps.push(app);
      const pcsclite = join(nativeBuildDir(app, electronVersion), 'node_modules/@pokusew/pcsclite');
      for (const part of ['package.json', 'lib']) cpSync(join(root, 'node_modules/@pokusew/pcsclite', part), join(pcsclite, part), { recursive: true });
      // The module finds its .node file through `bindings`, found up the tree as in a checkout.
      symlinkSync(join(root, 'node_modules/bindings'), join(app, 'node_modules/bindings'));
    });

    it('the desk runs; enrolment lists no USB readers and says why in words', async () => {
      shell = new ShellProcess({
        // pcscd's socket must seem to be there, or the reader module is never loaded.
        env: { STAND_IN_ELECTRON_VERSION: electronVersion, STAND_IN_APP_PATH: app, PCSCLITE_CSOCK_NAME: wrongFile },
      });
      await shell.waitFor((r) => r.api === 'ipcMain.handle', 'the desk started');
      const answer = await shell.call('enrolment.readers', {});
      expect(answer.reply?.ok).toBe(true);
      const problem = (answer.reply?.value as { pcscProblem?: string }).pcscProblem;
      expect(problem).toContain(`the card reader module was built for another runtime (ABI ${otherAbi}, this is ${nodeAbi})`);
      expect(problem).not.toMatch(/NODE_MODULE_VERSION/);
      // Still running: a reader module that will not load is not a reason to stop the desk.
      expect((await shell.call('kiosk.overview', {})).reply?.ok).toBe(true);
    });
  });
});
