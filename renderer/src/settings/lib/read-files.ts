/**
 * Reading the operator's chosen files in the renderer: certificate files are small, and reading them
 * here means main receives their content once, in the one import call, and never a path to go and read.
 */

import { MAX_PEM_FILE_BYTES, MAX_PKCS12_FILE_BYTES } from '../../../../shared/settings/calls';

/** Largest file accepted here; the contract refuses anything bigger, so say so before reading it. */
export const MAX_CERTIFICATE_FILE_BYTES = MAX_PKCS12_FILE_BYTES;

export interface FileLike {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function checkSize(file: FileLike, max: number): void {
  if (file.size === 0) throw new Error(`${file.name} is empty`);
  if (file.size > max) {
    throw new Error(`${file.name} is ${Math.ceil(file.size / 1024)} KiB: too large to be a certificate or key file (at most ${max / 1024} KiB)`);
  }
}

/** A PEM file's text; refuses a file that is not text, so a PKCS#12 picked by mistake is named. */
export async function readPemText(file: FileLike): Promise<string> {
  checkSize(file, MAX_PEM_FILE_BYTES);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${file.name} is not a PEM text file (is it a PKCS#12 .p12/.pfx file? Choose PKCS#12 instead)`);
  }
  if (!text.includes('-----BEGIN ')) throw new Error(`${file.name} has no PEM block (no "-----BEGIN" line)`);
  return text;
}

/** A binary file (PKCS#12) as standard Base64, the form the import call carries it in. */
export async function readBase64(file: FileLike): Promise<string> {
  checkSize(file, MAX_PKCS12_FILE_BYTES);
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

export function bytesToBase64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode with a whole file's bytes as arguments overflows the call stack.
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}
