import { expect, type Page } from '@playwright/test';

// The desk's screens menu as a guard uses it: one button in the header, then the screen's entry.

/** Opens a screen from the header's menu by its entry's test id (open-audit, open-journal, …). */
export async function openScreen(page: Page, entry: string): Promise<void> {
  const toggle = page.getByTestId('nav-menu');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId(entry).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

/** What names the focused element (a tile's data-href, a count's aria-label). */
export function focusedBy(page: Page, attribute: string): Promise<string | null | undefined> {
  return page.evaluate((name) => document.activeElement?.getAttribute(name), attribute);
}

/**
 * From the focused cell of a grid (tiles, counts), the arrows move focus as on a grid: Right to
 * another cell, Down to another again, and Up back to the one Right reached, which it returns.
 */
export async function expectArrowsMoveInGrid(page: Page, attribute: string): Promise<string | null | undefined> {
  const first = await focusedBy(page, attribute);
  await page.keyboard.press('ArrowRight');
  const second = await focusedBy(page, attribute);
  expect(second).not.toBe(first);
  await page.keyboard.press('ArrowDown');
  expect(await focusedBy(page, attribute)).not.toBe(second);
  await page.keyboard.press('ArrowUp');
  expect(await focusedBy(page, attribute)).toBe(second);
  return second;
}
