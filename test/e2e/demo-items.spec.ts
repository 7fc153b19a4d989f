import { expect, test } from '@playwright/test';
import { BOARD_KINDS } from '../../electron/core/board/catalogue';
import { generateSite } from '../../electron/simulator/site/generate';
import type { BoardSnapshot } from '../../shared/domain';
import { openDeskSocket } from './support/desk-socket';
import { startHost, type RunningHost } from './support/host';

// Issue 14: `--demo-items N` makes the embedded demo site a generated site of N items of every kind.
const ITEMS = 300;

/** How many items of each board kind the generated site holds, by the kind names the board uses. */
function expectedOnBoard(): number {
  // (The site loader imports JSON, which Playwright's loader does not take: the generator's output is read as is.)
  const site = generateSite({ items: ITEMS });
  const byKind = {
    door: site.doors ?? [], accessZone: site.accessZones ?? [], alarmZone: site.alarmZones ?? [], fenceZone: site.fenceZones ?? [],
    input: site.inputs ?? [], interlockGroup: site.interlockGroups ?? [], macro: site.macros ?? [],
  };
  const total = Object.values(byKind).reduce((sum, list) => sum + list.length, 0);
  // Every live kind together, plus the elevator groups and day categories, is the N asked for.
  expect(total + (site.elevatorGroups ?? []).length + (site.dayCategories ?? []).length).toBe(ITEMS);
  return BOARD_KINDS.reduce((sum, kind) => sum + byKind[kind].length, 0);
}

test.describe('browser host --demo-items', () => {
  let host: RunningHost;
  test.beforeAll(async () => {
    host = await startHost(['--demo-items', String(ITEMS)]);
  });
  test.afterAll(async () => host?.stop());

  test('serves a generated demo site whose items all reach the board through the contract', async () => {
    const desk = await openDeskSocket(host.url);
    try {
      const expected = expectedOnBoard();
      expect(expected).toBeGreaterThan(100);
      await expect
        .poll(async () => (await desk.call<BoardSnapshot>('board.get')).items.length, { timeout: 30_000 })
        .toBe(expected);
      const board = await desk.call<BoardSnapshot>('board.get');
      // Names from the generator, not the demo site's.
      expect(board.items.some((item) => /^Building \d+ L\d+ Door \d+$/.test(item.name))).toBe(true);
    } finally {
      desk.close();
    }
  });
});
