import type { Page } from '@playwright/test';
import type { FloorPlan, PlanPin } from '../../../shared/contract/plans';
import { placeLabel } from '../../../shared/board/places';
import type { BoardItem } from '../../../shared/domain';
import { readWholeBoard, type DeskSocket } from '../../e2e/support/desk-socket';
import { installTileWatch } from './tile-watch';

/**
 * The floor-plan view of the desk bench (issue 16): one floor's plan imported through the contract,
 * `pins` doors pinned on it, and the page switched to that plan, as an operator reaches it (V on one
 * of the floor's tiles). The probes are then pinned doors, timed until their pin says "Forced".
 */

/** How many pinned doors are forced in turn (as many as the board mode probes at most). */
const PROBES = 24;

export interface PlanSetUp {
  floor: string;
  /** How the board calls the floor ("Level 1 · Building 3"). */
  label: string;
  pins: number;
  /** Of them, the floor's own doors (the rest are other floors' doors, as the plan view allows). */
  pinsOfTheFloor: number;
  /** Names of pinned doors to force, spread over the plan. */
  probes: string[];
}

/**
 * Imports a generated drawing as the plan of the floor with the most doors and pins `pins` doors on
 * it in a grid: that floor's doors first, then other floors' doors when it has fewer. All through the
 * desk socket, before anything is measured.
 */
export async function setUpPlan(desk: DeskSocket, pins: number): Promise<PlanSetUp> {
  const { items } = await readWholeBoard(desk);
  const doors = items.filter((item) => item.kind === 'door');
  const byFloor = new Map<string, { label: string; doors: BoardItem[] }>();
  for (const door of doors) {
    for (const place of door.floors) {
      const entry = byFloor.get(place.key) ?? { label: placeLabel(place), doors: [] };
      entry.doors.push(door);
      byFloor.set(place.key, entry);
    }
  }
  const [floor, chosen] = [...byFloor.entries()].sort((a, b) => b[1].doors.length - a[1].doors.length)[0] ?? [];
  if (!floor || !chosen) throw new Error('no door of the generated site is on a floor: nothing to pin');
  const own = new Set(chosen.doors.map((d) => d.href));
  const pinned = [...chosen.doors, ...doors.filter((d) => !own.has(d.href))].slice(0, pins);
  if (pinned.length < pins) throw new Error(`the site has ${pinned.length} doors, fewer than the ${pins} pins asked for`);

  await importPlan(desk, floor, drawing(`${chosen.label}, bench plan`));
  const columns = Math.ceil(Math.sqrt(pins * 1.6));
  const rows = Math.ceil(pins / columns);
  let answered: PlanPin[] = [];
  for (const [i, door] of pinned.entries()) {
    const pin = { href: door.href, x: ((i % columns) + 0.5) / columns, y: (Math.floor(i / columns) + 0.5) / rows };
    answered = await desk.call<PlanPin[]>('plans.placePin', { floor, pin });
  }
  if (answered.length < pins) throw new Error(`the plan holds ${answered.length} pins after placing ${pins}`);
  const step = Math.max(1, Math.floor(pinned.length / PROBES));
  const probes = pinned.filter((_, i) => i % step === 0).slice(0, PROBES).map((d) => d.name);
  return { floor, label: chosen.label, pins: answered.length, pinsOfTheFloor: Math.min(chosen.doors.length, pins), probes };
}

/**
 * Switches the page to the floor's plan as an operator does: V on one of the floor's tiles (found
 * with the search box, since the board renders only the tiles on screen), then the search cleared.
 * Installs the pin watch once every pin is on the plan, and keeps a screenshot in test-results/bench-plan.png.
 */
export async function openPlanView(page: Page, plan: PlanSetUp, doorName: RegExp): Promise<void> {
  const search = page.getByRole('search', { name: 'Find items' }).getByRole('searchbox');
  await search.fill(plan.probes[0]!);
  const tile = page.locator(`[data-group="${cssString(plan.floor)}"] [data-testid="tile"]`).first();
  await tile.focus({ timeout: 60_000 });
  await page.keyboard.press('v');
  const screen = page.getByTestId('plan-screen');
  await screen.waitFor({ timeout: 60_000 });
  if (await search.isVisible()) await search.fill('');
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="plan-screen"] [data-testid="plan-pin"]').length >= count, plan.pins, { timeout: 120_000 });
  await installTileWatch(page, doorName);
  // What the plan looked like when measured, for people reading the figures.
  await page.screenshot({ path: 'test-results/bench-plan.png' });
}

async function importPlan(desk: DeskSocket, floor: string, svg: Buffer): Promise<FloorPlan> {
  const { upload, partBytes } = await desk.call<{ upload: string; partBytes: number }>('plans.beginImport', { floor, fileName: 'bench-floor.svg', size: svg.length });
  for (let offset = 0; offset < svg.length; offset += partBytes) {
    await desk.call('plans.importPart', { upload, base64: svg.subarray(offset, offset + partBytes).toString('base64') });
  }
  return desk.call<FloorPlan>('plans.finishImport', { upload });
}

/** A floor drawing: an outer wall, a grid of rooms along two corridors, and the floor's name. */
function drawing(title: string): Buffer {
  const rooms: string[] = [];
  for (let x = 0; x < 16; x++) {
    for (const y of [40, 720]) rooms.push(`<rect x="${40 + x * 120}" y="${y}" width="120" height="240"/>`);
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2000 1000" width="2000" height="1000">
  <rect x="0" y="0" width="2000" height="1000" fill="#f4f6f8"/>
  <g fill="none" stroke="#1b2733" stroke-width="4">
    <rect x="20" y="20" width="1960" height="960"/>
    ${rooms.join('\n    ')}
    <path d="M40 500 H1960"/>
  </g>
  <text x="1000" y="520" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#667">${escapeXml(title)}</text>
</svg>`);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A CSS attribute value in double quotes (floor keys hold paths and colons). */
function cssString(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
