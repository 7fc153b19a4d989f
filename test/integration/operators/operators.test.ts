import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { ConnectionState } from '../../../shared/domain';
import { control, deskConfigFor, eventually, startTestSite } from '../support/site';

// The roster, the lock and requested_by through a whole desk on the simulator, with its local store.

let site: RunningSimulator | undefined;
const desks: Desk[] = [];
let dir: string | undefined;

afterEach(async () => {
  for (const d of desks.splice(0)) await d.stop();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  site = dir = undefined;
});

async function openDesk(): Promise<{ desk: Desk; records: ReturnType<typeof openDeskRecords> }> {
  site ??= await startTestSite();
  dir ??= mkdtempSync(join(tmpdir(), 'gatehouse-operators-'));
  const records = openDeskRecords({ dir, desk: 'test desk' });
  const desk = new Desk({ sites: fixedSite(deskConfigFor(site)), records });
  desks.push(desk);
  const phases: ConnectionState[] = [];
  desk.on('connection', (s) => phases.push(s));
  await desk.start();
  await eventually(() => phases.find((p) => p.phase === 'connected'), 'connected');
  return { desk, records };
}

describe('operators on a desk', () => {
  it('keeps the roster across a restart, audits it, refuses commands while locked and sends overrides as the operator', async () => {
    const first = await openDesk();
    const found = await first.desk.handle('cardholders.search', { name: 'grant' });
    const oliver = found.matches.find((m) => m.name === 'Oliver Grant')!;
    await first.desk.handle('operators.add', { cardholder: oliver, role: 'operator', linkCard: false, deskPin: '2468' });
    expect((await first.desk.handle('operator.session', {})).operator).toMatchObject({ name: 'Oliver Grant', role: 'supervisor' });
    await first.desk.stop();
    desks.splice(0);

    // A restart: the roster is still there, and the desk starts locked.
    const { desk, records } = await openDesk();
    expect(await desk.handle('operators.names', {})).toEqual([{ id: expect.any(String), name: 'Oliver Grant' }]);
    expect(await desk.handle('operator.session', {})).toMatchObject({ locked: 'started', rosterEmpty: false });
    const door = (await desk.handle('board.get', {})).items.find((i) => i.kind === 'door')!;
    await expect(desk.handle('item.command', { href: door.href, command: 'open' })).rejects.toMatchObject({ code: 'signed-out', message: 'Sign in to do this' });
    expect((await control.events(site!)).filter((e) => e.type === 'override')).toEqual([]);

    const [entry] = await desk.handle('operators.names', {});
    await desk.handle('operator.signInWithPin', { operatorId: entry!.id, pin: '2468' });
    await desk.handle('item.command', { href: door.href, command: 'open' });
    // cc_rest.yaml: requested_by on an override (8.70+) names the cardholder it was done for.
    expect((await control.events(site!)).filter((e) => e.type === 'override').map((e) => e.requestedBy)).toEqual([oliver.id]);

    const kinds = records.audit.matching({}).reverse().map((e) => [e.action.kind, e.operator ?? null]);
    expect(kinds).toEqual([
      ['operators.changed', null],
      ['operator.signedIn', 'Oliver Grant'],
      ['operator.signedIn', 'Oliver Grant'],
      ['override', 'Oliver Grant'],
    ]);
    expect(records.audit.check().ok).toBe(true);
  });
});
