import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const WIDTH = 60;
const HEIGHT = 75;

/**
 * A small head-and-shoulders PNG (60×75, under a kilobyte), different in colour for each
 * cardholder: the demo site's photos are made at run time rather than kept in the repository.
 */
export function portraitPng(seed: string): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const background = [hash[0]! % 96 + 120, hash[1]! % 96 + 120, hash[2]! % 96 + 120] as const;
  const figure = [hash[3]! % 80 + 30, hash[4]! % 80 + 30, hash[5]! % 80 + 30] as const;
  const skin = [[241, 204, 170], [198, 145, 104], [141, 93, 61], [224, 172, 128]][hash[6]! % 4]!;
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3);
    for (let x = 0; x < WIDTH; x++) {
      const head = (x - 30) ** 2 / 144 + (y - 28) ** 2 / 196 <= 1;
      const shoulders = y >= 50 && (x - 30) ** 2 / 784 + (y - 80) ** 2 / 729 <= 1;
      const colour = head ? skin : shoulders ? figure : background;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([...u32(WIDTH), ...u32(HEIGHT), 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([Buffer.from(u32(data.length)), typed, Buffer.from(u32(crc32(typed)))]);
}

function u32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
