import { expect, test } from '@playwright/test';
import type { BoardPage } from '../../shared/contract/board';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';

// `--demo-version V`: the embedded demo site answers as server version V (the bench's desk without
// multi-item subscriptions runs on 8.20; training on an older server too).
test.describe('browser host --demo-version', () => {
  const host = hostForTheseTests(['--demo-items', '200', '--demo-version', '8.20']);

  test('serves the demo site as that server version, without the multi-item subscription link', async () => {
    const desk = await openDeskSocket(host.url);
    try {
      await expect
        .poll(async () => (await desk.call<BoardPage>('board.get')).connection.phase, { timeout: 30_000 })
        .toBe('connected');
      const { connection, items } = await desk.call<BoardPage>('board.get');
      expect(connection.serverVersion).toBe('8.20');
      expect(connection.features).not.toContain('items.updates');
      expect(connection.features).toContain('doors.doors');
      expect(items.length).toBeGreaterThan(100);
    } finally {
      desk.close();
    }
  });
});
