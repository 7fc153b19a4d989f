import { expect, test } from '@playwright/test';
import { BOARD_KINDS } from '../../electron/core/board/catalogue';
import { generateSite } from '../../electron/simulator/site/generate';
import { BOARD_PART_ITEMS } from '../../shared/contract/board';
import { SHARED_PER_ITEM } from '../../shared/contract/board-packing';
import { parseFrame, recordContractTraffic } from './support/contract-recorder';
import { openDeskSocket, readWholeBoard } from './support/desk-socket';
import { hostForTheseTests } from './support/host';

// Issue 14: `--demo-items N` makes the embedded demo site a generated site of N items of every kind.
const ITEMS = 300;

/** How many items of each board kind the generated site holds, by the kind names the board uses. */
function expectedOnBoard(items = ITEMS): number {
  // (The site loader imports JSON, which Playwright's loader does not take: the generator's output is read as is.)
  const site = generateSite({ items });
  const byKind = {
    door: site.doors ?? [], accessZone: site.accessZones ?? [], alarmZone: site.alarmZones ?? [], fenceZone: site.fenceZones ?? [],
    input: site.inputs ?? [], interlockGroup: site.interlockGroups ?? [], macro: site.macros ?? [], output: site.outputs ?? [],
  };
  const total = Object.values(byKind).reduce((sum, list) => sum + list.length, 0);
  // Every live kind together, plus the elevator groups and day categories, is the N asked for.
  expect(total + (site.elevatorGroups ?? []).length + (site.dayCategories ?? []).length).toBe(items);
  return BOARD_KINDS.reduce((sum, kind) => sum + byKind[kind].length, 0);
}

test.describe('browser host --demo-items', () => {
  const host = hostForTheseTests(['--demo-items', String(ITEMS)]);

  test('serves a generated demo site whose items all reach the board through the contract', async () => {
    const desk = await openDeskSocket(host.url);
    try {
      const expected = expectedOnBoard();
      expect(expected).toBeGreaterThan(100);
      await expect
        .poll(async () => (await readWholeBoard(desk)).items.length, { timeout: 30_000 })
        .toBe(expected);
      const board = await readWholeBoard(desk);
      // Names from the generator, not the demo site's.
      expect(board.items.some((item) => /^Building \d+ L\d+ Door \d+$/.test(item.name))).toBe(true);
    } finally {
      desk.close();
    }
  });
});

// Issue 10: the renderer never receives more than a screen's worth in one message, however big the site.
const LARGE = 10_000;

test.describe('browser host --demo-items 10000', () => {
  const host = hostForTheseTests(['--demo-items', String(LARGE)]);

  test('the whole board reaches the page in parts of at most 500 items, and no message from main is bigger', async ({ page }) => {
    test.setTimeout(240_000);
    const expected = expectedOnBoard(LARGE);
    expect(expected).toBeGreaterThan(10 * BOARD_PART_ITEMS);
    const traffic = recordContractTraffic(page);
    await page.goto(host.url);

    // The board's parts main sent, as events and as board.get answers (each frame read once); the
    // newest generation holds every item.
    const parts: BoardPart[] = [];
    let read = 0;
    const newest = () => {
      for (; read < traffic.received.length; read++) {
        const frame = traffic.received[read]!;
        if (!frame.includes('"parts"')) continue;
        const m = parseFrame(frame) as { type?: string; name?: string; payload?: unknown; reply?: { value?: unknown } };
        const value = m.type === 'event' ? (m.name === 'board.items' ? m.payload : undefined) : m.reply?.value;
        if (value && typeof value === 'object' && 'parts' in value && 'items' in value) parts.push(value as BoardPart);
      }
      const generation = Math.max(0, ...parts.map((p) => p.generation));
      return parts.filter((p) => p.generation === generation);
    };
    await expect.poll(() => new Set(newest().flatMap((p) => p.items.map((i) => i.href))).size, { timeout: 180_000 }).toBe(expected);
    expect(Math.max(...newest().map((p) => p.parts))).toBeGreaterThan(1);

    // The page put the parts together: the last part's last item is on its board.
    const last = newest().sort((a, b) => b.part - a.part)[0]!.items.at(-1)!;
    await page.getByRole('searchbox').fill(last.name);
    const tile = page.getByTestId('tile').filter({ has: page.locator('.name', { hasText: new RegExp(`^\\s*${last.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) });
    await expect(tile).toBeVisible({ timeout: 30_000 });

    // No list in any message from main (events and answers) is longer than a part.
    const longest = traffic.received.reduce((most, frame) => Math.max(most, ...listsIn(JSON.parse(frame)).map((list) => list.length)), 0);
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(BOARD_PART_ITEMS);
    const shared = traffic.received.reduce((most, frame) => Math.max(most, longestShared(JSON.parse(frame))), 0);
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThanOrEqual(BOARD_PART_ITEMS * SHARED_PER_ITEM);
  });
});

interface BoardPart {
  generation: number;
  part: number;
  parts: number;
  items: { href: string; name: string }[];
}

/** Every array in a message, however deep: the bound holds for each of them. */
/** Every list in a message, but a part's list of shared values (bounded on its own: SHARED_PER_ITEM a part item). */
function listsIn(value: unknown): unknown[][] {
  if (Array.isArray(value)) return [value, ...value.flatMap(listsIn)];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => (key === 'shared' ? [] : listsIn(v)));
  return [];
}

/** The longest list of shared values in a message. */
function longestShared(value: unknown): number {
  if (Array.isArray(value)) return Math.max(0, ...value.map(longestShared));
  if (!value || typeof value !== 'object') return 0;
  return Math.max(0, ...Object.entries(value).map(([key, v]) => (key === 'shared' && Array.isArray(v) ? v.length : longestShared(v))));
}
