import { MAX_PLAN_BYTES, type PlanMediaType } from '../../../shared/contract/plans';
import { crc32 } from 'node:zlib';
import { DeskError } from '../../../shared/errors';
import { sanitisePlanSvg } from './sanitise-svg';

export interface CheckedPlanImage {
  mediaType: PlanMediaType;
  bytes: Uint8Array;
  /** The drawing's own size in its units (pixels for PNG/JPEG, the viewBox for SVG): pins are kept relative to it. */
  width: number;
  height: number;
  /** What the SVG sanitiser took out, in words; empty for PNG and JPEG. */
  removed: string[];
}

/**
 * Checks a plan file by what it is, not by its name: PNG and JPEG by their signatures (and their
 * size read from the header), SVG as text that sanitises cleanly. Everything else is refused with what
 * was wrong. PDF is refused with what to do instead: rendering it here would need a canvas build.
 */
export function checkPlanImage(fileName: string, bytes: Uint8Array): CheckedPlanImage {
  if (bytes.length === 0) throw refused(fileName, 'the file is empty');
  if (bytes.length > MAX_PLAN_BYTES) {
    throw refused(fileName, tooLarge(bytes.length));
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mediaType: 'image/png', bytes, ...pngSize(fileName, bytes), removed: [] };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mediaType: 'image/jpeg', bytes, ...jpegSize(fileName, bytes), removed: [] };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) {
    throw refused(fileName, PDF_ADVICE);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    const svg = sanitisePlanSvg(fileName, text);
    return { mediaType: 'image/svg+xml', bytes: new TextEncoder().encode(svg.text), width: svg.width, height: svg.height, removed: svg.removed };
  }
  throw refused(fileName, 'it is not an SVG, PNG or JPEG image');
}

/** Why a PDF is refused, and what to do: rendering one here would need a browser or a native canvas build. */
export const PDF_ADVICE = "it is a PDF, which the desk cannot show: export the floor's page from it as SVG or PNG and import that";

/** The size limit in words, e.g. "it is 50.0 MB, and a plan may be at most 10 MB". */
export function tooLarge(size: number): string {
  return `it is ${(size / 1024 / 1024).toFixed(1)} MB, and a plan may be at most ${MAX_PLAN_BYTES / 1024 / 1024} MB`;
}

export function refused(fileName: string, why: string): DeskError {
  return new DeskError('bad-request', `The plan "${fileName.slice(0, 120)}" was not imported: ${why}.`);
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * Reads a PNG's size from its IHDR chunk, after walking every chunk to IEND with its CRC checked: a
 * truncated or damaged file is refused here rather than shown half-drawn on the desk.
 */
function pngSize(fileName: string, bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) break;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) {
      throw refused(fileName, `the PNG is damaged (its ${type.replace(/[^\x20-\x7e]/g, '?')} chunk fails its checksum)`);
    }
    if (first && type !== 'IHDR') break;
    first = false;
    if (type === 'IEND') return positive(fileName, view.getUint32(16), view.getUint32(20));
    at = end;
  }
  throw refused(fileName, 'the PNG ends early or is damaged (it may have been cut short while copying)');
}

function jpegSize(fileName: string, bytes: Uint8Array): { width: number; height: number } {
  // Walk the segments to the first start-of-frame marker, which holds the image's height and width.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return positive(fileName, view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  throw refused(fileName, 'the JPEG has no frame header (it may be damaged)');
}

function positive(fileName: string, width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw refused(fileName, 'the image has no size');
  return { width, height };
}
