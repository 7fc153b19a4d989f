import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

/** A small floor drawing as an SVG: rooms, a corridor and their names. */
export function floorSvg(title: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600">
  <rect x="0" y="0" width="1000" height="600" fill="#f4f6f8"/>
  <g fill="none" stroke="#1b2733" stroke-width="6">
    <rect x="20" y="20" width="960" height="560"/>
    <path d="M20 300 H980 M350 20 V300 M650 20 V300 M350 300 V580 M700 300 V580"/>
  </g>
  <g font-family="sans-serif" font-size="28" fill="#3a4a5a">
    <text x="120" y="170">Reception</text><text x="440" y="170">Lifts</text><text x="760" y="170">Stairs</text>
    <text x="120" y="460">Lobby</text><text x="480" y="460">Meeting</text><text x="780" y="460">Plant</text>
  </g>
  <text x="500" y="320" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#667">${title}</text>
</svg>`);
}

/** An SVG that carries a script: a plan may not, and main refuses it whole. */
export function scriptSvg(): Buffer {
  return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100"/><script>alert(1)</script></svg>');
}

/** A real PNG (8-bit RGB), width × height, in two shades in stripes so it is plainly a drawing. */
export function stripedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.fill(Math.floor(x / 20) % 2 === 0 ? 0xe0 : 0xb0, 1 + x * 3, 4 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Shows a floor's plan from its group on the board, with the group's Tiles/Plan switch. */
export async function showPlan(page: Page, floorLabel: string): Promise<Locator> {
  const group = page.getByTestId('group').filter({ has: page.getByRole('button', { name: new RegExp(`^${escape(floorLabel)} \\(\\d+\\)$`) }) });
  await group.getByTestId('view-plan').click();
  const screen = page.getByTestId('plan-screen');
  await expect(screen.getByRole('heading', { level: 2 })).toContainText(floorLabel);
  return screen;
}

/** The pin of the item with this name (its accessible name starts with the name). */
export function pinOf(page: Page, name: string): Locator {
  return page.locator(`[data-testid="plan-pin"][aria-label^="${name}: "]`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
