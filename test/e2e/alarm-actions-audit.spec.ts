import { expect, test } from '@playwright/test';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { openDesk } from './panels-support';
import { openScreen } from './support/navigation';

const host = hostForTheseTests();

interface Queue {
  alarms: Array<{ id: string; state: string; source: { name: string; itemHref?: string }; actions: string[] }>;
  feed: { source: string; live: boolean };
}

/** Raises an alarm at the demo site's server through the simulator's control API (RaiseRequest). */
async function raise(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${host.controlUrl}/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`control POST alarms: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

test("an alarm acted on through the browser host goes to the server, and the audit screen shows it with its note", async ({ page }, testInfo) => {
  await openDesk(page, host);
  const socket = await openDeskSocket(host.url);
  try {
    const board = await socket.call<{ items: Array<{ id: string; href: string; kind: string; name: string }> }>('board.get');
    const door = board.items.find((i) => i.kind === 'door')!;
    const id = await raise({ kind: 'forcedDoor', source: door.id, active: false });
    await expect.poll(async () => (await socket.call<Queue>('alarms.get')).alarms.find((a) => a.id === id)?.source.itemHref).toBe(door.href);
    expect((await socket.call<Queue>('alarms.get')).feed).toMatchObject({ source: 'server', live: true });

    // The demo site requires a note on a forced door: without one the desk refuses and says so.
    const bare = await socket.call<{ results: Array<{ outcome: string; text?: string }> }>('alarms.act', { ids: [id], action: 'acknowledge' });
    expect(bare.results[0]).toMatchObject({ outcome: 'refused', text: expect.stringMatching(/requires a note/) });
    const noted = await socket.call<{ results: Array<{ outcome: string }> }>('alarms.act', { ids: [id], action: 'acknowledge', comment: 'Guard sent to the door' });
    expect(noted.results[0]?.outcome).toBe('done');
    await expect.poll(async () => (await socket.call<Queue>('alarms.get')).alarms.find((a) => a.id === id)?.state).toBe('acknowledged');

    const detail = await socket.call<{ instruction?: { html: string }; history: Array<{ action: string; comment?: string }> }>('alarms.detail', { id });
    expect(detail.history).toContainEqual(expect.objectContaining({ action: 'acknowledge', comment: 'Guard sent to the door' }));
    expect(detail.instruction?.html).toContain('<h2>Door forced open</h2>');
  } finally {
    socket.close();
  }

  await openScreen(page, 'open-audit');
  const acted = page.locator('[data-testid="audit-row"]', { hasText: 'Guard sent to the door' }).first();
  await expect(acted).toBeVisible();
  await expect(acted).toContainText('Server alarm');
  await expect(acted).toContainText('Acknowledge Door forced open at');
  await expect(page.locator('[data-testid="audit-row"][data-outcome="refused"]', { hasText: 'Server alarm' }).first()).toBeVisible();
  const path = '/work/shots/s33/a2/audit-alarm-acted-1280x800.png';
  await page.screenshot({ path });
  await testInfo.attach('audit with server alarm actions', { path, contentType: 'image/png' });
});
