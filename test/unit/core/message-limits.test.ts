import { describe, expect, it } from 'vitest';
import { calls } from '../../../shared/contract';
import { MAX_PEM_FILE_BYTES, MAX_PKCS12_FILE_BYTES } from '../../../shared/settings/calls';
import { MAX_CALL_MESSAGE_BYTES } from '../../../shared/wire';
import { readBase64, readPemText, type FileLike } from '../../../renderer/src/settings/lib/read-files';

// One limit end to end: what the file picker reads, the contract takes, and the browser host's link
// carries. A PKCS#12 with its chain (~52 KB) once closed the host because these disagreed.

function file(name: string, bytes: Uint8Array): FileLike {
  return { name, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer };
}

function messageBytes(params: unknown): number {
  return Buffer.byteLength(JSON.stringify({ type: 'call', id: 2 ** 31, name: 'settings.importCertificate', params }));
}

describe('certificate import limits agree from the file picker to the link', () => {
  it('the largest PKCS#12 the picker reads passes the contract and fits one call', async () => {
    const fileBase64 = await readBase64(file('desk.p12', new Uint8Array(MAX_PKCS12_FILE_BYTES).fill(0xa5)));
    // The longest password the contract allows, in characters that take the most bytes.
    const params = { format: 'pkcs12', fileBase64, password: '\u{1F510}'.repeat(512) };
    expect(calls['settings.importCertificate'].params.safeParse(params).success).toBe(true);
    expect(messageBytes(params)).toBeLessThanOrEqual(MAX_CALL_MESSAGE_BYTES);
  });

  it('the largest PEM files the picker reads pass the contract and fit one call', async () => {
    const line = 'A'.repeat(63) + '\n';
    const body = '-----BEGIN CERTIFICATE-----\n' + line.repeat(Math.floor((MAX_PEM_FILE_BYTES - 60) / line.length));
    const text = await readPemText(file('chain.pem', new TextEncoder().encode(body.padEnd(MAX_PEM_FILE_BYTES, '\n'))));
    const params = { format: 'pem', texts: [text, text, text], passphrase: '\u{1F510}'.repeat(512) };
    expect(calls['settings.importCertificate'].params.safeParse(params).success).toBe(true);
    expect(messageBytes(params)).toBeLessThanOrEqual(MAX_CALL_MESSAGE_BYTES);
  });

  it('the picker names a file over its limit before reading it, and the contract refuses it too', async () => {
    const big = new Uint8Array(MAX_PKCS12_FILE_BYTES + 1);
    await expect(readBase64(file('big.p12', big))).rejects.toThrow(/big\.p12 is 193 KiB: too large .*at most 192 KiB/);
    await expect(readPemText(file('big.pem', new Uint8Array(MAX_PEM_FILE_BYTES + 1)))).rejects.toThrow(/at most 64 KiB/);
    const refused = calls['settings.importCertificate'].params.safeParse({ format: 'pkcs12', fileBase64: Buffer.from(big).toString('base64'), password: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/larger than 192 KiB/);
  });
});
