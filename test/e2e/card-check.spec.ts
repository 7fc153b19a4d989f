import { expect, test } from '@playwright/test';
import { openScreen } from './support/navigation';
import { hostForTheseTests } from './support/host';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';

// The card check on the demo site: a card number typed shows whose card it is (photo, name, division,
// the card's state and end, access groups, last badge); a lost card and an unknown number are said plainly.
const host = hostForTheseTests();

test('a guard types a card number and sees whose card it is, with the photo; lost and unknown cards said plainly', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await openScreen(page, 'open-card-check');
  const screen = page.getByTestId('card-check');
  await screen.getByTestId('card-number').fill('4104');
  await screen.getByTestId('card-check-submit').click();
  await expect(screen.getByTestId('card-verdict')).toHaveText('Card 4104 is active: it belongs to Priya Raman.');
  await expect(screen.getByTestId('card-name')).toHaveText('Priya Raman');
  const photo = screen.getByTestId('card-photo');
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(screen).toContainText('North Building');
  await expect(screen).toContainText('Staff: North Building, Visit hosts');
  await keepScreenshot(page, testInfo, 'card-check-1280x800');
  await expectAccessible(page, testInfo, 'the card check');

  await screen.getByTestId('card-number').fill('4117');
  await screen.getByTestId('card-check-submit').click();
  await expect(screen.getByTestId('card-verdict')).toHaveText('Card 4117 is lost: it does not open doors.');
  await expect(screen.getByTestId('card-state')).toHaveText('Proximity Card · Lost');
  await keepScreenshot(page, testInfo, 'card-check-lost-1280x800');

  await screen.getByTestId('card-number').fill('999999');
  await screen.getByTestId('card-check-submit').click();
  await expect(screen.getByTestId('card-verdict')).toHaveText('No cardholder holds card 999999. Do not let the bearer in on this card.');
});
