import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { EventPayload } from '../../../shared/contract';
import type { BoardItem } from '../../../shared/domain';
import { cleanSvg, makePng } from '../../unit/plans/plan-fixtures';
import { deskConfigFor, eventually, startTestSite } from '../support/site';
import { exportBackup, importPlan, readImage, restoreBackup } from './plan-calls';
import { unpackPart } from '../../../shared/contract/board-packing';

let site: RunningSimulator;
let dir: string;
const desks: Desk[] = [];

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.stop();
});
afterEach(async () => {
  for (const d of desks.splice(0)) await d.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A desk over a real SQLite store in `dir`, connected to the simulator, with its board loaded. */
async function startDesk(): Promise<{ desk: Desk; changed: Array<EventPayload<'plans.changed'>>; items: BoardItem[] }> {
  const desk = new Desk({ sites: fixedSite(deskConfigFor(site)), records: openDeskRecords({ dir, desk: 'test desk' }) });
  desks.push(desk);
  const changed: Array<EventPayload<'plans.changed'>> = [];
  desk.on('plans.changed', (c) => changed.push(c));
  await desk.start();
  const items = await eventually(async () => {
    const board = await desk.handle('board.get', {});
    return board.connection.phase === 'connected' && board.items.length > 0 ? unpackPart(board).items : undefined;
  }, 'the board');
  return { desk, changed, items };
}

function floorOf(items: BoardItem[]): { floor: string; doors: BoardItem[] } {
  const door = items.find((i) => i.kind === 'door' && i.floors.length > 0)!;
  const floor = door.floors[0]!.key;
  return { floor, doors: items.filter((i) => i.kind === 'door' && i.floors.some((f) => f.key === floor)) };
}

describe('floor plans through the desk', () => {
  it('imports a PNG in parts, answers it byte for byte in parts, keeps pins by path, and says so each time', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-plans-'));
    const { desk, changed, items } = await startDesk();
    const { floor, doors } = floorOf(items);
    const png = makePng(640, 400); // ~770 KB: two parts each way
    const plan = await importPlan(desk, floor, 'level-1.png', png);
    expect(plan).toMatchObject({ floor, name: 'level-1.png', mediaType: 'image/png', width: 640, height: 400, bytes: png.length, source: 'imported', pins: [] });
    const back = await readImage(desk, floor);
    expect(back.parts).toBeGreaterThan(1);
    expect(back.bytes.equals(png)).toBe(true);

    const door = doors[0]!;
    const path = new URL(door.href).pathname;
    // Kept by path, answered as the board's href now.
    expect(await desk.handle('plans.placePin', { floor, pin: { href: path, x: 0.25, y: 0.5 } })).toEqual([{ href: door.href, x: 0.25, y: 0.5 }]);
    // Moving it is placing it again; the same item is never pinned twice on a floor.
    expect(await desk.handle('plans.placePin', { floor, pin: { href: door.href, x: 0.75, y: 0.1 } })).toEqual([{ href: door.href, x: 0.75, y: 0.1 }]);
    await desk.handle('plans.placePin', { floor, pin: { href: '/api/doors/gone-since', x: 0.5, y: 0.5 } });
    const got = (await desk.handle('plans.get', { floor }))!;
    expect(got.pins).toHaveLength(2);
    expect(got.notOnBoard).toEqual(['/api/doors/gone-since']);
    expect(await desk.handle('plans.removePin', { floor, href: '/api/doors/gone-since' })).toEqual([{ href: door.href, x: 0.75, y: 0.1 }]);
    expect(await desk.handle('plans.floors', {})).toEqual([{ floor, name: 'level-1.png', source: 'imported', pins: 1 }]);
    expect(changed.filter((c) => c.floor === floor).length).toBeGreaterThanOrEqual(5);

    await expect(desk.handle('plans.placePin', { floor: 'floor:/nowhere:9', pin: { href: door.href, x: 0, y: 0 } })).rejects.toMatchObject({ code: 'not-found' });
    expect(await desk.handle('plans.remove', { floor })).toEqual({ removed: true });
    expect(await desk.handle('plans.get', { floor })).toBeNull();
  });

  it('refuses a 50 MB file before any bytes move, a PDF, and a script-bearing SVG, recording the refusal in the audit log', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-plans-'));
    const { desk, items } = await startDesk();
    const { floor } = floorOf(items);
    await expect(desk.handle('plans.beginImport', { floor, fileName: 'huge.png', size: 50 * 1024 * 1024 })).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('it is 50.0 MB, and a plan may be at most 10 MB'),
    });
    await expect(desk.handle('plans.beginImport', { floor, fileName: 'plan.pdf', size: 1000 })).rejects.toThrow(/PDF.*export the floor's page from it as SVG or PNG/);
    const hostile = cleanSvg().replace('</svg>', '<script>fetch("https://example.com")</script></svg>');
    await expect(importPlan(desk, floor, 'level-1.svg', Buffer.from(hostile))).rejects.toThrow(/not imported: it contains a <script> element/);
    expect(await desk.handle('plans.get', { floor })).toBeNull();
    const audit = await desk.handle('audit.list', { kinds: ['plan.changed'], limit: 200 });
    expect(audit.entries.map((e) => e.action)).toEqual([expect.objectContaining({ kind: 'plan.changed', change: 'imported', plan: 'level-1.svg', outcome: 'refused' })]);
  });

  it('backs up every plan and pin as one file and restores it whole; a corrupt backup changes nothing; plans survive reopening the store', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-plans-'));
    const first = await startDesk();
    const { floor, doors } = floorOf(first.items);
    const svg = await importPlan(first.desk, floor, 'level-1.svg', Buffer.from(cleanSvg(1600, 1000)));
    expect(svg).toMatchObject({ mediaType: 'image/svg+xml', width: 1600, height: 1000, removed: [] });
    const png = makePng(900, 400);
    await importPlan(first.desk, 'floor:/api/elevator_groups/other:2', 'other.png', png);
    await first.desk.handle('plans.placePin', { floor, pin: { href: doors[0]!.href, x: 0.1, y: 0.2 } });
    const backup = await exportBackup(first.desk);
    expect(backup.fileName).toMatch(/^gatehouse-floor-plans-.*\.json$/);
    expect(JSON.parse(backup.bytes.toString())).toMatchObject({ format: 'gatehouse-floor-plans', version: 1 });

    // Everything changes after the backup…
    await first.desk.handle('plans.remove', { floor });
    await first.desk.handle('plans.placePin', { floor: 'floor:/api/elevator_groups/other:2', pin: { href: doors[0]!.href, x: 0.9, y: 0.9 } });
    const before = await first.desk.handle('plans.floors', {});

    // …a damaged backup (one image's bytes replaced, and a file cut short) is refused with nothing changed…
    const tampered = JSON.parse(backup.bytes.toString());
    tampered.floors[0].image = Buffer.from('not an image at all').toString('base64');
    await expect(restoreBackup(first.desk, 'tampered.json', Buffer.from(JSON.stringify(tampered)))).rejects.toThrow(/not restored: .*unusable.*Nothing was changed/);
    await expect(restoreBackup(first.desk, 'cut.json', backup.bytes.subarray(0, backup.bytes.length - 100))).rejects.toThrow(/not restored: .*not JSON.*Nothing was changed/);
    const wrongShape = { ...JSON.parse(backup.bytes.toString()), version: 7 };
    await expect(restoreBackup(first.desk, 'future.json', Buffer.from(JSON.stringify(wrongShape)))).rejects.toThrow(/not restored: .*at version/);
    expect(await first.desk.handle('plans.floors', {})).toEqual(before);

    // …and the good one puts back exactly what was backed up.
    expect(await restoreBackup(first.desk, backup.fileName, backup.bytes)).toEqual({ floors: 2, pins: 1 });
    await first.desk.stop();
    desks.length = 0;

    const second = await startDesk();
    const restored = (await second.desk.handle('plans.get', { floor }))!;
    expect(restored).toMatchObject({ name: 'level-1.svg', width: 1600, height: 1000, pins: [{ href: doors[0]!.href, x: 0.1, y: 0.2 }] });
    expect((await readImage(second.desk, 'floor:/api/elevator_groups/other:2')).bytes.equals(png)).toBe(true);
    expect((await second.desk.handle('plans.get', { floor: 'floor:/api/elevator_groups/other:2' }))!.pins).toEqual([]);
    const audit = await second.desk.handle('audit.list', { kinds: ['plan.changed'], limit: 200 });
    expect(audit.entries.map((e) => e.action).filter((a) => a.kind === 'plan.changed' && a.change === 'restored' && a.outcome === 'done')).toHaveLength(1);
  });
});
