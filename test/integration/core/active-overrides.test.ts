import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { ActiveOverride } from '../../../shared/contract/operators';
import type { ConnectionState } from '../../../shared/domain';
import { unpackPart } from '../../../shared/contract/board-packing';
import { control, deskConfigFor, eventually, startTestSite } from '../support/site';

// The overrides this desk sent that last, against the simulator: kept across a restart, ended when the
// server stops showing them, cancelled by the item's own cancel command.

let site: RunningSimulator | undefined;
let desk: Desk | undefined;
let records: DeskRecords | undefined;
let dir: string | undefined;

afterEach(async () => {
  await desk?.stop();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  desk = site = dir = records = undefined;
});

interface Opened {
  desk: Desk;
  records: DeskRecords;
  lists: ActiveOverride[][];
}

/** A desk with a local store in `dir` (kept between opens: a restart), connected to the site. */
async function openDesk(): Promise<Opened> {
  dir ??= mkdtempSync(join(tmpdir(), 'gatehouse-active-overrides-'));
  records = openDeskRecords({ dir, desk: 'test desk' });
  desk = new Desk({ sites: fixedSite(deskConfigFor(site!)), records });
  const phases: ConnectionState[] = [];
  const lists: ActiveOverride[][] = [];
  desk.on('connection', (s) => phases.push(s));
  desk.on('overrides.active', (list) => lists.push(list));
  await desk.start();
  await eventually(() => phases.find((p) => p.phase === 'connected'), 'connected');
  return { desk, records, lists };
}

async function outputByName(d: Desk, name: string) {
  const page = await d.handle('board.get', {});
  return page.items.find((i) => i.kind === 'output' && i.name === name)!;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const overrideEvents = async (s: RunningSimulator) => (await control.events(s)).filter((e) => e.type === 'override');

describe('active overrides', () => {
  it('keeps a timed override the server accepted, shows it running once the item shows it, and still knows it after a restart', async () => {
    site = await startTestSite();
    const first = await openDesk();
    const siren = await outputByName(first.desk, 'Lobby siren');
    const endTime = inAnHour();
    await first.desk.handle('item.command', { href: siren.href, command: 'onUntil', endTime });

    const running = await eventually(async () => (await first.desk.handle('overrides.active', {})).find((o) => o.state === 'running'), 'the override running');
    expect(running).toMatchObject({ itemHref: siren.href, itemName: 'Lobby siren', command: 'onUntil', mode: 'Turn on', endsAt: Date.parse(endTime) });
    // The renderer heard it without asking.
    expect(first.lists.at(-1)?.map((o) => o.state)).toEqual(['running']);
    // A momentary command (a door's open) keeps nothing running.
    const door = (await first.desk.handle('board.get', {})).items.find((i) => i.kind === 'door')!;
    await first.desk.handle('item.command', { href: door.href, command: 'open' });
    expect((await first.desk.handle('overrides.active', {})).map((o) => o.itemHref)).toEqual([siren.href]);

    await first.desk.stop();
    desk = undefined;
    const second = await openDesk();
    const again = await eventually(async () => (await second.desk.handle('overrides.active', {})).find((o) => o.id === running.id && o.state === 'running'), 'the override known again after the restart', 15_000);
    expect(again).toMatchObject({ itemName: 'Lobby siren', mode: 'Turn on', sentAt: running.sentAt, endsAt: running.endsAt });
  });

  it('marks an override ended when the server no longer shows it on the item', async () => {
    site = await startTestSite();
    const { desk: d } = await openDesk();
    const siren = await outputByName(d, 'Lobby siren');
    await d.handle('item.command', { href: siren.href, command: 'onUntil', endTime: inAnHour() });
    const running = await eventually(async () => (await d.handle('overrides.active', {})).find((o) => o.state === 'running'), 'running');

    // Two hours pass on the server: its override is over there, while the desk's own clock says it has an hour to go.
    site.control.advanceTime(2 * 3_600_000);
    const ended = await eventually(async () => (await d.handle('overrides.active', {})).find((o) => o.id === running.id && o.state === 'ended'), 'ended', 15_000);
    expect(ended.reason).toBe('The server no longer shows it on the item');
    await expect(d.handle('overrides.cancel', { id: running.id })).rejects.toMatchObject({ code: 'invalid-call' });
  });

  it("cancels with the item's cancel command, audited as override.cancelled, and refuses to cancel while offline", async () => {
    site = await startTestSite();
    const { desk: d, records: r } = await openDesk();
    const siren = await outputByName(d, 'Lobby siren');
    await d.handle('item.command', { href: siren.href, command: 'on' });
    const running = await eventually(async () => (await d.handle('overrides.active', {})).find((o) => o.state === 'running'), 'running');
    expect(running.endsAt).toBeUndefined();

    const phases: ConnectionState[] = [];
    d.on('connection', (s) => phases.push(s));
    site.control.setFaults({ dropRequests: {} });
    await eventually(() => phases.find((p) => p.phase === 'reconnecting'), 'reconnecting', 15_000);
    await expect(d.handle('overrides.cancel', { id: running.id })).rejects.toMatchObject({ code: 'offline' });
    expect(r.audit.matching({ kinds: ['override.cancelled'] })[0]?.action).toMatchObject({ outcome: 'refused', command: 'cancel', override: 'Turn on' });
    site.control.clearFaults();
    await eventually(() => phases.at(-1)?.phase === 'connected' || undefined, 'connected again', 20_000);

    const before = (await overrideEvents(site)).length;
    const after = await d.handle('overrides.cancel', { id: running.id });
    expect(after.find((o) => o.id === running.id)?.state).toBe('cancelled');
    const sent = (await overrideEvents(site)).slice(before);
    expect(sent).toEqual([expect.objectContaining({ collection: 'outputs', command: 'cancel' })]);
    expect(r.audit.matching({ kinds: ['override.cancelled'] })[0]?.action).toMatchObject({ outcome: 'done', item: { href: siren.href, name: 'Lobby siren' }, command: 'cancel' });
    await eventually(async () => {
      const status = unpackPart(await d.handle('board.get', {})).statuses.find((s) => s.href === siren.href);
      return status && !status.flags.includes('overridden') ? status : undefined;
    }, 'the siren no longer overridden');
  });
});
