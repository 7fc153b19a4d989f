import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { sanitisePlanSvg } from '../../../electron/core/plans/sanitise-svg';

/**
 * A real PNG of the given size (RGB, noise so it does not compress, stored with deflate level 0):
 * big enough sizes make files that must travel in several parts.
 */
export function makePng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  randomBytes(rows.length).copy(rows);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0; // filter byte: none
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A minimal baseline JPEG header: SOI, a JFIF APP0 segment, then a SOF0 frame giving the size. */
export function makeJpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A clean architectural SVG of the given viewBox, with a symbol reused through <use>. */
export function cleanSvg(width = 1600, height = 1000): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  <defs><symbol id="door"><path d="M0 0 L20 0 A20 20 0 0 1 0 20 Z"/></symbol></defs>
  <rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="none" stroke="#333" stroke-width="6"/>
  <use xlink:href="#door" x="100" y="100"/>
  <text x="50" y="50">Corridor</text>
</svg>`;
}

/**
 * The sanitiser loads jsdom on its first drawing: 1–2 s alone, far more on a busy 2-core machine.
 * Files that sanitise call this in `beforeAll` so that load is not charged to their first test's 5 s.
 */
export function loadSanitiserOnce(): void {
  sanitisePlanSvg('warm-up.svg', cleanSvg(10, 10));
}
export const SANITISER_LOAD_MS = 60_000;
