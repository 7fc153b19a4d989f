import { expect, test } from '@playwright/test';
import { openQueue, raiseAlarm, rowIds, rowOf, setFaults } from './alarms-support';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';
import { startHost, type RunningHost } from './support/host';

// The demo site's server raises alarms through its control API; the desk follows them (core) and
// shows them in its queue. The steps build on one queue, so they run in order.
test.describe.configure({ mode: 'serial' });

let host: RunningHost;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(async () => {
  await host?.stop();
});

test('alarms raised at the server appear in the queue: the highest priority first, the longest waiting first within one', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // cc_rest.yaml: Alarm.priority 0–9, 9 the highest.
  ids.lowOld = await raiseAlarm(host, { kind: KIND.plain, priority: 3 });
  ids.highOld = await raiseAlarm(host, { kind: KIND.plain, priority: 9 });
  ids.mid = await raiseAlarm(host, { kind: KIND.plain, priority: 6 });
  ids.highNew = await raiseAlarm(host, { kind: KIND.plain, priority: 9 });

  const button = page.getByTestId('open-alarms');
  await expect(button).toHaveText(/^Alarms \(4\)/);
  await expect(button).toHaveClass(/alarmed/);
  // The strip names the server's unacknowledged alarms, highest first.
  const strip = page.getByTestId('attention');
  await expect(strip).toHaveAttribute('data-source', 'server');
  await expect(strip.getByTestId('attention-entry').first()).toHaveAttribute('data-alarm-id', ids.highOld!);
  await expect(page.getByTestId('unacknowledged')).toHaveText('4 unacknowledged alarms');
  await keepScreenshot(page, testInfo, 'alarm-strip');

  const screen = await openQueue(page);
  await expect.poll(() => rowIds(screen)).toEqual([ids.highOld, ids.highNew, ids.mid, ids.lowOld]);
  // The age is live: it counts up from the desk's one clock.
  const age = rowOf(screen, ids.lowOld!).getByTestId('alarm-age');
  const first = await age.textContent();
  await expect(age).not.toHaveText(first ?? '', { timeout: 5_000 });
  await keepScreenshot(page, testInfo, 'alarm-queue');
  await expectAccessible(page, testInfo, 'the alarm queue');
});
