import { expect, type Page } from '@playwright/test';

// The desk's screens menu as a guard uses it: one button in the header, then the screen's entry.

/** Opens a screen from the header's menu by its entry's test id (open-audit, open-journal, …). */
export async function openScreen(page: Page, entry: string): Promise<void> {
  const toggle = page.getByTestId('nav-menu');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId(entry).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}
