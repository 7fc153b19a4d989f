import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abiMismatch } from '../../../electron/core/native-module-error';
import { LocalStore, LocalStoreError } from '../../../electron/core/offline/local-store';
import { loadPcsc } from '../../../electron/core/piv/pcsc-binding';
import { PivError } from '../../../shared/piv/card/errors';
import { compileNativeModule, nodeAbi, otherAbi } from '../../support/native-fixture';

// A native module built for another runtime, loaded for real: Node refuses it with the same words
// Electron uses for a module built for Node. The desk must pass on what that means, not Node's text.
const work = mkdtempSync(join(tmpdir(), 'gatehouse-abi-words-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const wrong = compileNativeModule(work, otherAbi);
const requireHere = createRequire(import.meta.url);

describe('telling an ABI mismatch from other load failures', () => {
  it.skipIf('reason' in wrong)('reads both numbers from Node\'s own refusal', () => {
    let refusal: unknown;
    try {
      requireHere((wrong as { file: string }).file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect(abiMismatch(refusal)).toEqual({ built: otherAbi, running: nodeAbi });
  });

  it('is nothing for any other failure', () => {
    expect(abiMismatch(new Error("Cannot find module '@pokusew/pcsclite'"))).toBeUndefined();
    expect(abiMismatch(new Error('Module did not self-register'))).toBeUndefined();
    expect(abiMismatch('NODE_MODULE_VERSION 115')).toBeUndefined();
  });
});

describe.skipIf('reason' in wrong)('the desk\'s words for a module built for another runtime', () => {
  const file = 'file' in wrong ? wrong.file : '';

  it('the local store: cannot be opened, why, with the two ABIs and what to run', () => {
    const opening = () => LocalStore.openFile(':memory:', { migrations: [], nativeBinding: file });
    expect(opening).toThrow(LocalStoreError);
    expect(opening).toThrow(
      `The desk's local store cannot be opened: its database module was built for another runtime (ABI ${otherAbi}, this is ${nodeAbi}): run "npm start" again, which builds it for Electron, or "npm rebuild better-sqlite3" for Node; an installed desk needs reinstalling.`,
    );
  });

  it('the local store opens with a compiled module given for this runtime', () => {
    const binding = join(process.cwd(), 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const store = LocalStore.openFile(':memory:', { migrations: [], nativeBinding: binding });
    expect(store.open).toBe(true);
    store.close();
  });

  it('the card reader: smart cards unavailable, why, with the two ABIs and what to run', () => {
    const socket = join(work, 'pcscd.comm');
    writeFileSync(socket, '');
    const loading = () => loadPcsc({ socketPath: socket, load: () => requireHere(file) });
    expect(loading).toThrow(PivError);
    expect(loading).toThrow(
      `Smart-card support is not available: the card reader module was built for another runtime (ABI ${otherAbi}, this is ${nodeAbi}): run "npm start" again, which builds it for Electron, or "npm rebuild @pokusew/pcsclite" for Node; an installed desk needs reinstalling.`,
    );
    try {
      loading();
    } catch (error) {
      expect((error as PivError).code).toBe('pcsc-unavailable');
    }
  });
});
