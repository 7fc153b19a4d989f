import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPcsc, type PcscContext } from '../../../electron/core/piv/pcsc-binding';
import { pivErrorFromPcsc, scardCode } from '../../../electron/core/piv/pcsc-errors';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pcsc-'));
const presentSocket = join(dir, 'pcscd.comm');
writeFileSync(presentSocket, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32' || process.platform === 'darwin')('loading PC/SC on pcsclite systems (skipped on Windows and macOS: they have no pcscd socket to check)', () => {
  it('says the service is not running, without creating a context, when pcscd has no socket', () => {
    let loaded = false;
    const missing = join(dir, 'absent.comm');
    expect(() => loadPcsc({ socketPath: missing, load: () => ((loaded = true), () => ({}) as PcscContext) })).toThrow(
      expect.objectContaining({ code: 'service-not-running', message: expect.not.stringContaining(missing) }),
    );
    expect(loaded).toBe(false);
  });

  it('says smart-card support is unavailable when the native module cannot load', () => {
    const load = () => {
      throw new Error("Cannot find module '@pokusew/pcsclite'");
    };
    expect(() => loadPcsc({ socketPath: presentSocket, load })).toThrow(
      expect.objectContaining({ code: 'pcsc-unavailable', message: expect.stringContaining("Cannot find module '@pokusew/pcsclite'") }),
    );
  });
});

describe('PC/SC error codes', () => {
  it('reads the SCARD code from a pcsclite message', () => {
    expect(scardCode(new Error('SCardTransmit error: Card was removed.(0x80100069)'))).toBe(0x80100069);
    expect(scardCode(new Error('no code'))).toBeUndefined();
  });

  it('maps the codes a desk meets to PivError codes with words for the operator', () => {
    expect(pivErrorFromPcsc(new Error('SCardConnect error: Card was removed.(0x80100069)'), 'connecting')).toMatchObject({
      code: 'card-removed',
      message: 'The card was removed from the reader (connecting: SCardConnect error: Card was removed.(0x80100069))',
    });
    expect(pivErrorFromPcsc(new Error('x (0x8010000C)'), 'connecting').code).toBe('no-card');
    expect(pivErrorFromPcsc(new Error('x (0x8010001D)'), 'listing').code).toBe('service-not-running');
    expect(pivErrorFromPcsc(new Error('x (0x8010002E)'), 'listing').code).toBe('no-reader');
    expect(pivErrorFromPcsc(new Error('something odd'), 'reading')).toMatchObject({
      code: 'card-error',
      message: 'PC/SC failed while reading: something odd',
    });
  });
});
