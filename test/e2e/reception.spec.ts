import { expect, test } from '@playwright/test';
import { openScreen } from './support/navigation';
import { hostForTheseTests } from './support/host';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';

// The reception screen on the demo site: the North Lobby's day of visits by expected time, the overdue
// visitor standing out, a visitor signed in and out with one click each, and a walk-in made with a host
// found by typing part of their name.
const host = hostForTheseTests();

test('a receptionist signs a visitor in and out, sees the overdue visitor, and makes a walk-in visit', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // One entry each in the Screens menu, which lists every screen with its key.
  await page.getByTestId('nav-menu').click();
  for (const entry of ['open-reception', 'open-roll-call', 'open-card-check']) await expect(page.getByTestId(entry)).toBeInViewport();
  await keepScreenshot(page, testInfo, 'desk-menu-1280x800');
  await openScreen(page, 'open-reception');
  const screen = page.getByTestId('reception');
  await expect(screen.getByTestId('reception-choice')).toHaveValue(/rc-north/);
  const rows = screen.getByTestId('visit-row');
  await expect(rows.first()).toBeVisible();
  // By expected time: the overdue morning interview comes first, and stands out.
  await expect(rows.first()).toHaveAttribute('data-overdue', 'true');
  await expect(screen.getByTestId('reception-overdue')).toContainText('Tom Brennan');
  await keepScreenshot(page, testInfo, 'reception-1280x800');
  await expectAccessible(page, testInfo, 'the reception screen');

  // One click through the visitor's day.
  const anika = screen.getByTestId('visitor').filter({ hasText: 'Anika Chowdhury' });
  await expect(anika).toHaveAttribute('data-state', 'expected');
  await anika.getByRole('button', { name: 'Sign in: Anika Chowdhury' }).click();
  await expect(anika).toHaveAttribute('data-state', 'signedIn');
  await anika.getByRole('button', { name: 'Tell the host: Anika Chowdhury' }).click();
  await expect(screen.getByTestId('reception-said')).toContainText('was told Anika Chowdhury is on site');
  await anika.getByRole('button', { name: 'Sign out: Anika Chowdhury' }).click();
  await expect(anika).toHaveAttribute('data-state', 'departed');

  // The overdue visit has ended: the server takes no more changes to it, and the screen says so
  // instead of offering steps the server would refuse.
  const tom = screen.getByTestId('visitor').filter({ hasText: 'Tom Brennan' });
  await expect(tom.getByTestId('visit-ended')).toContainText('the server takes no more changes');
  // Only the card stays reachable: a card is collected whenever it comes back.
  await expect(tom.getByRole('button')).toHaveText(['Card']);

  // A printable visitor badge: name, host, photo, valid until.
  const jun = screen.getByTestId('visitor').filter({ hasText: 'Jun Nakamura' });
  await jun.getByRole('button', { name: 'Badge: Jun Nakamura' }).click();
  const badge = screen.getByTestId('visitor-badge');
  await expect(badge.getByTestId('badge-name')).toHaveText('Jun Nakamura');
  await expect(badge).toContainText('Priya Raman');
  await expect(badge.getByTestId('badge-photo')).toBeVisible();
  await keepScreenshot(page, testInfo, 'reception-badge-1280x800');
  await page.emulateMedia({ media: 'print' });
  await expect(screen.getByTestId('visits')).toBeHidden();
  await expect(badge.getByTestId('badge-name')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await badge.getByRole('button', { name: 'Close badge' }).click();

  // Searching by host.
  await screen.getByTestId('reception-search').fill('marino');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Supplier review');
  await screen.getByTestId('reception-search').fill('');

  // A walk-in: a new visitor, a host found by part of their name.
  await screen.getByTestId('open-walk-in').click();
  const form = screen.getByTestId('walk-in');
  await form.getByTestId('walk-in-first').fill('Wendy');
  await form.getByTestId('walk-in-last').fill('Walker');
  await form.getByRole('combobox', { name: 'Host' }).fill('Raman');
  await form.getByRole('option', { name: /Priya Raman/ }).click();
  await expect(form.getByTestId('walk-in-type')).toHaveValue(/ag-visitors/);
  await keepScreenshot(page, testInfo, 'reception-walk-in-1280x800');
  await form.getByTestId('walk-in-submit').click();
  await expect(screen.getByTestId('reception-said')).toContainText('Walk-in visit made for Wendy Walker');
  await expect(screen.getByTestId('visitor').filter({ hasText: 'Wendy Walker' })).toHaveAttribute('data-state', 'expected');

  // Each action is in the audit log with its outcome.
  await screen.getByRole('button', { name: 'Close reception' }).click();
  await openScreen(page, 'open-audit');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Walk-in visit' })).toHaveCount(1);
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Anika Chowdhury signed out' })).toHaveCount(1);
});
