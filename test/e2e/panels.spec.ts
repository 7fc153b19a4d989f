import { expect, test } from '@playwright/test';
import { hostForTheseTests } from './support/host';
import { expectAccessible, fact, keepScreenshot, openDesk, openPanel, tileOf } from './panels-support';

const host = hostForTheseTests();

/** One item of each kind from resources/demo-site.json, with what its panel must show of it. */
const KINDS = [
  {
    kind: 'door',
    name: 'Lobby Main Entrance',
    facts: { 'Entry zone': 'Main Lobby', Division: 'North Building', Controller: 'North controller' },
    commands: ['Open'],
  },
  {
    kind: 'accessZone',
    name: 'Main Lobby',
    facts: { 'Zone count': /^12\b/, Doors: /Lobby Main Entrance/, Division: 'North Building' },
    commands: ['Free…', 'Lock down…', 'Set zone count…'],
  },
  { kind: 'alarmZone', name: 'North Building Intruder', facts: { Division: 'North Building' }, commands: ['Arm…', 'Disarm…'] },
  { kind: 'fenceZone', name: 'East Fence', facts: { Voltage: /^8200 \(valid: voltage known\)/ }, commands: ['Turn off…', 'Shunt…'] },
  { kind: 'input', name: 'North Lobby Glass Break', facts: {}, commands: ['Shunt…', 'Isolate…'] },
  { kind: 'interlockGroup', name: 'Lab Airlock', facts: {}, commands: ['Disable interlocking…'] },
  { kind: 'macro', name: 'Campus Lockdown', facts: {}, commands: ['Run…'] },
] as const;

for (const item of KINDS) {
  test(`a ${item.kind} panel shows its type-specific data and only the commands offered; Esc returns to the tile`, async ({ page }, testInfo) => {
    await openDesk(page, host);
    const panel = await openPanel(page, item.name);
    await expect(panel).toHaveAttribute('data-kind', item.kind);
    await expect(panel.getByTestId('status-words')).not.toHaveText('No status received yet');
    for (const [term, value] of Object.entries(item.facts)) await expect(fact(panel, term)).toHaveText(value);
    // The division is named as the server names it, never "Not given" when the server gave one.
    await expect(fact(panel, 'Division')).not.toHaveText('Not given');
    const commands = panel.getByRole('region', { name: 'Commands' });
    for (const label of item.commands) await expect(commands.getByRole('button', { name: label, exact: true })).toBeVisible();

    // At 1280×800 the title is on top: nothing (such as the desk's top bars) covers it. The desk's top
    // is inert while the panel is open, and hit testing passes through what is inert: it is made
    // hittable for this one look, so the topmost element found is the one painted there.
    const title = panel.getByRole('heading', { level: 2 });
    const box = (await title.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => {
        const top = document.querySelector<HTMLElement>('[data-desk-top]')!;
        const inert = top.inert;
        top.inert = false;
        const found = document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')?.getAttribute('data-kind');
        top.inert = inert;
        return found;
      },
      [box.x + 5, box.y + box.height / 2],
    );
    expect(onTop).toBe(item.kind);

    await keepScreenshot(page, testInfo, `panel-${item.kind}`);
    await expectAccessible(page, testInfo, `${item.kind} panel`);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(tileOf(page, item.name)).toBeFocused();
  });
}

test('a fence zone whose voltage is not known says so instead of showing a number', async ({ page }) => {
  await openDesk(page, host);
  const res = await fetch(`${host.controlUrl}/items/fence_zones/fz-west`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scheduledPower: 'off' }),
  });
  expect(res.status).toBe(204);
  const panel = await openPanel(page, 'West Fence');
  await expect(fact(panel, 'Voltage')).toHaveText(/Voltage not known — no valid reading/);
});

test('day categories and elevator groups are read-only tables reached from the header', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await page.getByRole('button', { name: 'Day categories' }).click();
  const days = page.getByRole('dialog', { name: 'Day categories' });
  await expect(days.getByRole('row')).toHaveCount(4);
  await expect(days.getByRole('row', { name: /Public Holiday/ })).toContainText('Set yearly');
  await expectAccessible(page, testInfo, 'day categories');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Day categories' })).toBeFocused();

  await page.getByRole('button', { name: 'Elevator groups' }).click();
  const groups = page.getByRole('dialog', { name: 'Elevator groups' });
  const north = groups.getByRole('region', { name: 'North Lifts' });
  await expect(north.getByRole('row', { name: /Level 3/ })).toContainText('North Level 3 Boardroom');
  await expect(north.getByRole('row', { name: /Level 1/ }).getByRole('cell').nth(1)).toHaveText('Main Lobby');
  await keepScreenshot(page, testInfo, 'elevator-groups');
  await expectAccessible(page, testInfo, 'elevator groups');
});
