import { describe, expect, it } from 'vitest';
import { ClientCertificateImport } from '../../../../shared/settings/calls';
import { buildCertificateImport } from '../../../../renderer/src/settings/lib/certificate-import';
import { MAX_CERTIFICATE_FILE_BYTES, bytesToBase64, type FileLike } from '../../../../renderer/src/settings/lib/read-files';

function file(name: string, content: string | Uint8Array): FileLike {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { name, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer };
}

const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const key = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

describe('buildCertificateImport', () => {
  it('sends each PEM file as text, with the passphrase only when one was typed', async () => {
    const plain = await buildCertificateImport({ format: 'pem', files: [file('desk.crt', cert), file('desk.key', key)], secret: '' });
    expect(plain).toEqual({ format: 'pem', texts: [cert, key] });
    const encrypted = await buildCertificateImport({ format: 'pem', files: [file('both.pem', cert + key)], secret: 'pass' });
    expect(encrypted).toEqual({ format: 'pem', texts: [cert + key], passphrase: 'pass' });
    expect(ClientCertificateImport.safeParse(encrypted).success).toBe(true);
  });

  it('sends a PKCS#12 file as Base64 the contract accepts, with its password even when empty', async () => {
    const bytes = new Uint8Array(300).map((_, i) => (i * 37) % 256);
    const request = await buildCertificateImport({ format: 'pkcs12', files: [file('desk.p12', bytes)], secret: '' });
    expect(request).toEqual({ format: 'pkcs12', fileBase64: Buffer.from(bytes).toString('base64'), password: '' });
    expect(ClientCertificateImport.safeParse(request).success).toBe(true);
  });

  it('says what is missing or wrong before anything is sent', async () => {
    await expect(buildCertificateImport({ format: 'pem', files: [], secret: '' })).rejects.toThrow(/Choose the certificate and key/);
    await expect(buildCertificateImport({ format: 'pkcs12', files: [], secret: '' })).rejects.toThrow(/PKCS#12/);
    await expect(
      buildCertificateImport({ format: 'pkcs12', files: [file('a.p12', 'x'), file('b.p12', 'y')], secret: '' }),
    ).rejects.toThrow(/one PKCS#12 file/);
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.pem`, cert));
    await expect(buildCertificateImport({ format: 'pem', files: four, secret: '' })).rejects.toThrow(/at most three/);
  });

  it('names a PKCS#12 file picked as PEM, a text file with no PEM block, and an empty or huge file', async () => {
    const binary = new Uint8Array([0x30, 0x82, 0xff, 0xfe, 0x00, 0xc3]);
    await expect(buildCertificateImport({ format: 'pem', files: [file('desk.p12', binary)], secret: '' })).rejects.toThrow(
      /desk\.p12 is not a PEM text file/,
    );
    await expect(buildCertificateImport({ format: 'pem', files: [file('notes.txt', 'hello')], secret: '' })).rejects.toThrow(
      /notes\.txt has no PEM block/,
    );
    await expect(buildCertificateImport({ format: 'pkcs12', files: [file('empty.p12', '')], secret: '' })).rejects.toThrow(
      /empty\.p12 is empty/,
    );
    const huge: FileLike = { name: 'huge.p12', size: MAX_CERTIFICATE_FILE_BYTES + 1, arrayBuffer: async () => new ArrayBuffer(0) };
    await expect(buildCertificateImport({ format: 'pkcs12', files: [huge], secret: '' })).rejects.toThrow(/huge\.p12 .* too large/);
  });
});

describe('bytesToBase64', () => {
  it('matches Node for files larger than one slice', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 131 + 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
