import { expect, type Locator, type Page } from '@playwright/test';
import type { RunningHost } from './support/host';

/** What the simulator's control API takes to raise an alarm (electron/simulator/control/alarm-operations.ts RaiseRequest). */
export interface RaisedAlarm {
  kind: 'forcedDoor' | 'doorOpenTooLong' | 'tamper' | 'fenceAlarm' | 'controllerOffline' | 'external';
  priority?: number;
  /** A board item's id; default the server. */
  source?: string;
  message?: string;
  active?: boolean;
}

/** Raises an alarm at the demo site's server through its control API; answers the alarm's id. */
export async function raiseAlarm(host: Pick<RunningHost, 'controlUrl'>, alarm: RaisedAlarm): Promise<string> {
  const res = await fetch(`${host.controlUrl}/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(alarm) });
  if (!res.ok) throw new Error(`control POST alarms: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Ends a two-part alarm's `active`, as the door closing would. */
export async function restoreAlarm(host: Pick<RunningHost, 'controlUrl'>, id: string): Promise<void> {
  const res = await fetch(`${host.controlUrl}/alarms/${encodeURIComponent(id)}/restore`, { method: 'POST' });
  if (!res.ok) throw new Error(`control POST restore: ${res.status}`);
}

/** The queue screen, opened from the header with the keyboard as a guard without a mouse would. */
export async function openQueue(page: Page): Promise<Locator> {
  await page.getByTestId('open-alarms').focus();
  await page.keyboard.press('Enter');
  const screen = page.getByRole('dialog', { name: 'Alarm queue' });
  await expect(screen).toBeVisible();
  return screen;
}

/** The row of one alarm by its id. */
export function rowOf(page: Page | Locator, id: string): Locator {
  return page.locator(`[data-testid="alarm-row"][data-id="${id}"]`);
}

/** The ids of the queue's rows, top to bottom. */
export async function rowIds(page: Page | Locator): Promise<string[]> {
  return page.getByTestId('alarm-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
}

/** Control API faults on the demo site (as test/e2e/offline.spec.ts uses them on a configured one). */
export async function setFaults(host: Pick<RunningHost, 'controlUrl'>, body: unknown): Promise<void> {
  const res = await fetch(`${host.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : null });
  expect(res.status).toBeLessThan(300);
  if (body) await fetch(`${host.controlUrl}/connections/drop`, { method: 'POST' });
}
