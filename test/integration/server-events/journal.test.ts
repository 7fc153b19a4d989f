import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { ServerEvent } from '../../../shared/contract/alarms';
import type { ConnectionState } from '../../../shared/domain';
import { deskConfigFor, eventually, startTestSite } from '../support/site';

let site: RunningSimulator | undefined;
let desks: Desk[] = [];
let dir: string | undefined;

afterEach(async () => {
  for (const d of desks) await d.stop();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  desks = [];
  site = dir = undefined;
});

/** A desk on the test site with its local store in `dir`; every events.appended batch is kept. */
async function openDesk(s: RunningSimulator, folder: string): Promise<{ desk: Desk; records: DeskRecords; appended: ServerEvent[][] }> {
  const records = openDeskRecords({ dir: folder, desk: 'journal desk' });
  const desk = new Desk({ sites: fixedSite(deskConfigFor(s)), records });
  desks.push(desk);
  const appended: ServerEvent[][] = [];
  const phases: ConnectionState[] = [];
  desk.on('events.appended', (batch) => appended.push(batch));
  desk.on('connection', (c) => phases.push(c));
  await desk.start();
  await eventually(() => phases.find((p) => p.phase === 'connected'), 'connected');
  return { desk, records, appended };
}

/** Raises an event at an item through the simulator's control API. */
async function raise(s: RunningSimulator, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${s.controlUrl}/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`raise: ${res.status} ${await res.text()}`);
}

const messages = (batches: ServerEvent[][]) => batches.flat().map((e) => e.message);

describe('the event journal against the simulator', () => {
  it('follows the site live, lists and filters by item newest first, exports, and resumes from its bookmark after a restart', async () => {
    site = await startTestSite();
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-journal-'));
    const first = await openDesk(site, dir);
    const items = (await first.desk.handle('board.get', {})).items.filter((i) => i.kind === 'door');
    const [door, other] = [items[0]!, items[1]!];

    await raise(site, { kind: 'accessGranted', source: door.id, message: 'granted one' });
    await raise(site, { kind: 'accessDenied', source: other.id, message: 'denied elsewhere' });
    await eventually(() => messages(first.appended).includes('denied elsewhere'), 'both events live');
    const live = first.appended.flat().find((e) => e.message === 'granted one')!;
    expect(live).toMatchObject({ type: 'Card access granted', source: { itemHref: door.href } });

    const atDoor = await first.desk.handle('events.list', { itemHref: door.href, limit: 10 });
    expect(atDoor.events.map((e) => e.message)).toContain('granted one');
    expect(atDoor.events.every((e) => e.source.itemHref === door.href)).toBe(true);
    const all = await first.desk.handle('events.list', { limit: 2 });
    expect(all.events.map((e) => e.message)).toEqual(['denied elsewhere', 'granted one']);
    // The older page continues below, with nothing repeated.
    const older = await first.desk.handle('events.list', { limit: 2, older: all.older! });
    expect(older.events.map((e) => e.id)).not.toContain(all.events[1]!.id);

    const groups = await first.desk.handle('events.groups', {});
    const access = groups.find((g) => g.types.some((t) => t.name === 'Card access denied'))!;
    const denied = await first.desk.handle('events.list', { groups: [access.id], limit: 50 });
    expect(denied.events.map((e) => e.message)).toContain('denied elsewhere');

    const csv = await first.desk.handle('events.exportCsv', { itemHref: door.href });
    expect(csv.csv).toContain('granted one');
    expect(csv.csv).not.toContain('denied elsewhere');

    // The desk stops; the site goes on; the desk starts again from the same store.
    await first.desk.stop();
    desks = [];
    first.records.close();
    await raise(site, { kind: 'accessGranted', source: door.id, message: 'while away 1' });
    await raise(site, { kind: 'accessGranted', source: door.id, message: 'while away 2' });
    const again = await openDesk(site, dir);
    await eventually(() => messages(again.appended).includes('while away 2'), 'the events raised while the desk was away');
    // Resumed from the bookmark: exactly what happened while away, in order, nothing from before again.
    expect(messages(again.appended)).toEqual(['while away 1', 'while away 2']);
  });
});
