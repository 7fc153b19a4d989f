import { describe, expect, it, onTestFinished } from 'vitest';
import { discover } from '../../../electron/core/api/discovery';
import { sendCommand } from '../../../electron/core/api/commands';
import { collect, searchItems } from '../../../electron/core/api/items';
import { ITEM_TYPES } from '../../../electron/core/api/item-types';
import type { Transport } from '../../../electron/core/api/transport';
import { Monitor } from '../../../electron/core/monitor/monitor';
import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import { siteWithDoors } from '../support/generated-site';
import { control, eventually, siteForThisTest, transportFor, transportForThisTest } from '../support/site';

/** A monitor for the test, stopped when it ends (before its transport closes and its site stops). */
function monitorForThisTest(...args: ConstructorParameters<typeof Monitor>): Monitor {
  const monitor = new Monitor(...args);
  onTestFinished(() => monitor.stop());
  return monitor;
}

function recorder() {
  const seen: ItemStatus[] = [];
  const failures: DeskError[] = [];
  const latest = (href: string) => seen.findLast((s) => s.href === href);
  return { seen, failures, latest, events: { delta: (b: ItemStatus[]) => seen.push(...b), answered: () => {}, failed: (e: DeskError) => failures.push(e) } };
}

async function doorTargets(t: Transport) {
  const discovery = await discover(t);
  const doors = await collect(searchItems(t, discovery, 'door', { fields: ['updates', 'commands'] }));
  return doors.map((d) => ({ door: d, target: { href: d.href, name: d.name, updatesHref: d.updates!.href, fields: ITEM_TYPES.door.updateFields } }));
}

describe('the monitor over HTTP/2 and over a bounded HTTP/1.1 budget', () => {
  it('uses HTTP/2 when the server offers it', async () => {
    const site = await siteForThisTest();
    const transport = transportForThisTest(site);
    expect(await transport.watchCapacity()).toMatchObject({ protocol: 'h2' });
    const rec = recorder();
    const monitor = monitorForThisTest(transport, rec.events);
    const doors = await doorTargets(transport);
    monitor.watch(doors.map((d) => d.target));
    await eventually(() => doors.every((d) => rec.latest(d.door.href)), 'a first status for every door');
    expect(monitor.scheduler.capacity).toBeGreaterThanOrEqual(doors.length);
  });

  it('shares 4 HTTP/1.1 connections among 60 doors without starving any, and commands still get through', async () => {
    // The server holds each poll a full minute: without turns, 4 held polls would starve the other 56.
    const site = await siteForThisTest({ site: siteWithDoors(60), updatesTimeoutMs: 60_000 });
    const transport = transportForThisTest(site, {}, { watchConnections: 4, watchProtocol: 'http/1.1' });
    const rec = recorder();
    const monitor = monitorForThisTest(transport, rec.events, { rotationMs: 2_000 });
    const doors = await doorTargets(transport);
    expect(doors).toHaveLength(60);
    monitor.watch(doors.map((d) => d.target));
    expect(await transport.watchCapacity()).toEqual({ protocol: 'http/1.1', slots: 4 });
    // The first answer may be controllerUnknown; wait for every door's real status, so each one's
    // next call is a held long-poll competing for the 4 slots.
    await eventually(() => doors.every((d) => rec.latest(d.door.href)?.flags.includes('closed')), 'the status of all 60 doors', 20_000);
    expect(monitor.scheduler.active).toBeLessThanOrEqual(4);

    // Every door still comes round. The queue is first come first served, so once it settles the last
    // doors hold the slots; a door in the middle is one that has to wait for its turn.
    const middle = doors[30]!.door;
    await control.setDoor(site, middle.id, { open: true, forced: true });
    await eventually(() => rec.latest(middle.href)?.flags.includes('forced'), 'the forced status of a door waiting its turn', 20_000);

    // Commands have their own connections: an override is not queued behind 60 long-polls.
    const before = (await control.events(site)).length;
    await sendCommand(transport, doors[0]!.door, { command: 'open' });
    expect((await control.events(site)).slice(before).filter((e) => e.type === 'override')).toHaveLength(1);
  });

  it('stops watching an item removed from the set', async () => {
    const site = await siteForThisTest();
    const transport = transportForThisTest(site);
    const rec = recorder();
    const monitor = monitorForThisTest(transport, rec.events);
    const [a, b] = await doorTargets(transport);
    monitor.watch([a!.target, b!.target]);
    await eventually(() => rec.latest(a!.door.href) && rec.latest(b!.door.href), 'first statuses');
    monitor.remove([a!.door.href]);
    expect(monitor.has(a!.door.href)).toBe(false);
    const seenForA = rec.seen.filter((s) => s.href === a!.door.href).length;
    await control.setDoor(site, a!.door.id, { open: true, forced: true });
    await control.setDoor(site, b!.door.id, { open: true, forced: true });
    await eventually(() => rec.latest(b!.door.href)?.flags.includes('forced'), 'the watched door changing');
    expect(rec.seen.filter((s) => s.href === a!.door.href)).toHaveLength(seenForA);
  });

  it('asks for zoneCount on access zone updates (needed at 8.00) and carries it in deltas', async () => {
    const site = await siteForThisTest({ version: '8.00' });
    const transport = transportForThisTest(site);
    const discovery = await discover(transport);
    const [zone] = await collect(searchItems(transport, discovery, 'accessZone', { fields: ['updates', 'commands'] }));
    const rec = recorder();
    const monitor = monitorForThisTest(transport, rec.events);
    monitor.watch([{ href: zone!.href, name: zone!.name, updatesHref: zone!.updates!.href, fields: ITEM_TYPES.accessZone.updateFields }]);
    await eventually(() => rec.latest(zone!.href), 'first status');
    await sendCommand(transport, zone!, { command: 'setZoneCount', zoneCount: 42 });
    await eventually(() => rec.latest(zone!.href)?.zoneCount === 42, 'zone count 42');
  });

  it('stops a watch on unauthorised instead of retrying (the failure-flood rule)', async () => {
    const site = await siteForThisTest();
    const good = transportFor(site);
    const [door] = await doorTargets(good);
    await good.close();
    const transport = transportForThisTest(site, { apiKey: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA' });
    const rec = recorder();
    const monitor = monitorForThisTest(transport, rec.events);
    monitor.watch([door!.target]);
    await eventually(() => rec.failures.length > 0, 'the refusal');
    expect(rec.failures[0]!.code).toBe('unauthorised');
    // Then nothing: a second refused call would show as a second auth-failure event.
    await monitor.stop();
    expect((await control.events(site)).filter((e) => e.type === 'auth-failure')).toHaveLength(1);
  });
});

describe('an item at rest on a server before 8.70', () => {
  it('gets a status from its first answer even when that answer has no fields (empty values are left out)', async () => {
    const site = await siteForThisTest({ version: '8.20' });
    const transport = transportForThisTest(site);
    const discovery = await discover(transport);
    const [macro] = await collect(searchItems(transport, discovery, 'macro', { fields: ['updates'] }));
    const target = { href: macro!.href, name: macro!.name, updatesHref: macro!.updates!.href, fields: ITEM_TYPES.macro.updateFields };
    // A first desk has the server ask the hardware (controllerUnknown until it answers).
    const first = recorder();
    const firstDesk = monitorForThisTest(transport, first.events);
    firstDesk.watch([target]);
    await eventually(() => first.latest(macro!.href), 'a first status for the first desk');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await firstDesk.stop();
    // A desk started later gets `{}` as the first answer: still a status, not "nothing heard".
    const second = recorder();
    const laterDesk = monitorForThisTest(transport, second.events);
    laterDesk.watch([target]);
    await eventually(() => second.latest(macro!.href), 'a status for the macro at the second desk');
    expect(second.latest(macro!.href)).toMatchObject({ flags: [], statusText: '' });
  });
});
