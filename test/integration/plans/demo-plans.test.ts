import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import { DEMO_SITE, seedDemoPlans } from '../../../electron/core/plans/demo-seed';
import { PlanStore } from '../../../electron/core/plans/plan-store';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { readDemoPlans } from '../../../electron/shells/compose/demo-plans';
import { layoutKey } from '../../../shared/board/places';
import { cleanSvg } from '../../unit/plans/plan-fixtures';
import { deskConfigFor, eventually, startTestSite } from '../support/site';
import { importPlan } from './plan-calls';
import { unpackPart } from '../../../shared/contract/board-packing';

const plansDir = fileURLToPath(new URL('../../../resources/plans', import.meta.url));
let site: RunningSimulator;
let dir: string;

beforeAll(async () => {
  site = await startTestSite();
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-demo-plans-'));
});
afterAll(async () => {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The desk as compose builds it for the demo site: drawings seeded from resources/plans, then started. */
async function demoDesk(): Promise<{ desk: Desk; records: DeskRecords }> {
  const records = openDeskRecords({ dir, desk: 'test desk' });
  seedDemoPlans(records.store, readDemoPlans(plansDir));
  const desk = new Desk({ sites: fixedSite(deskConfigFor(site, { demo: true })), records });
  await desk.start();
  await eventually(async () => ((await desk.handle('board.get', {})).items.length > 0 ? true : undefined), 'the board');
  return { desk, records };
}

describe('the demo site on first run', () => {
  it('has a drawing for every floor of the board, with every door of the floor pinned and nothing pinned that the board lacks', async () => {
    const { desk } = await demoDesk();
    try {
      const { items } = unpackPart(await desk.handle('board.get', {}));
      const floors = new Set(items.flatMap((i) => i.floors.map((f) => f.key)));
      expect(floors.size).toBe(5);
      for (const floor of floors) {
        const plan = await desk.handle('plans.get', { floor });
        expect(plan, floor).toMatchObject({ source: 'demo', mediaType: 'image/svg+xml', width: 1600, height: 1000, removed: [], notOnBoard: [] });
        const doors = items.filter((i) => i.kind === 'door' && i.floors.some((f) => f.key === floor)).map((i) => i.href);
        expect(plan!.pins.map((p) => p.href)).toEqual(expect.arrayContaining(doors));
      }
    } finally {
      await desk.stop();
    }
  });

  it('keeps what the operator did at the next start: a removed demo plan stays removed, an imported one replaces it', async () => {
    const { desk } = await demoDesk();
    const [first, second] = (await desk.handle('plans.floors', {})).map((f) => f.floor);
    await desk.handle('plans.remove', { floor: first! });
    await importPlan(desk, second!, 'our-own.svg', Buffer.from(cleanSvg()));
    const pinsBefore = (await desk.handle('plans.get', { floor: second! }))!.pins;
    await desk.stop();

    const again = await demoDesk();
    try {
      expect(await again.desk.handle('plans.get', { floor: first! })).toBeNull();
      const replaced = (await again.desk.handle('plans.get', { floor: second! }))!;
      expect(replaced).toMatchObject({ source: 'imported', name: 'our-own.svg' });
      // The import kept the demo's pins: the doors are still where the operator saw them.
      expect(replaced.pins.map((p) => layoutKey(p.href))).toEqual(pinsBefore.map((p) => layoutKey(p.href)));
      expect((await again.desk.handle('plans.floors', {})).filter((f) => f.source === 'demo')).toHaveLength(3);
    } finally {
      await again.desk.stop();
    }
  });

  it('checks a demo drawing once: not again at the next start while it is unchanged, and again when it changes', () => {
    const records = openDeskRecords({ dir: mkdtempSync(join(tmpdir(), 'gatehouse-demo-seed-')), desk: 'test desk' });
    try {
      const seeds = readDemoPlans(plansDir);
      const plans = new PlanStore(records.store);
      const [seed] = seeds;
      let checked = 0;
      const plan = () => (checked++, { name: seed!.name, mediaType: 'image/svg+xml' as const, source: 'demo' as const, image: seed!.bytes, width: 1600, height: 1000, removed: [], updatedAt: 1 });
      expect(plans.seedDemo(DEMO_SITE, seed!.floor, 'digest-1', plan, seed!.pins)).toBe(true);
      expect(plans.seedDemo(DEMO_SITE, seed!.floor, 'digest-1', plan, seed!.pins)).toBe(false);
      expect(checked).toBe(1);
      // A new drawing (another digest) in resources/ is checked, and replaces a demo plan still in place.
      const changed = () => ({ ...plan(), image: Buffer.from(cleanSvg()) });
      expect(plans.seedDemo(DEMO_SITE, seed!.floor, 'digest-2', changed, seed!.pins)).toBe(true);
      expect(checked).toBe(2);
      expect(Buffer.from(plans.plan(DEMO_SITE, seed!.floor)!.image).toString()).toBe(cleanSvg());
      // The shipped drawings: every floor changes (the first one gets its real drawing back); the next start changes nothing.
      expect(seedDemoPlans(records.store, seeds)).toBe(seeds.length);
      expect(seedDemoPlans(records.store, seeds)).toBe(0);
    } finally {
      records.close();
    }
  });
});
