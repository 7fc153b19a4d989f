import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../../../shared/domain';
import { discover } from '../../../electron/core/api/discovery';
import { searchItems } from '../../../electron/core/api/items';
import { sendCommand } from '../../../electron/core/api/commands';
import { Monitor } from '../../../electron/core/monitor/monitor';
import { control, eventually, transportFor, useDiscoveredSite } from '../support/site';

const live = useDiscoveredSite();

async function allDoors(top?: number) {
  const doors = [];
  const fields = ['href', 'id', 'name', 'commands', 'updates', 'statusFlags'];
  const params = { fields, ...(typeof top === 'number' ? { top } : {}) };
  for await (const d of searchItems(live.transport, await discover(live.transport), 'door', params)) doors.push(d);
  return doors;
}

describe('client core against the simulator, over mutual TLS', () => {
  it('discovers the door feature from /api only', async () => {
    const discovery = await discover(live.transport);
    expect(discovery.version).toBe('9.40');
    expect(discovery.links.get('doors.doors')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
  });

  it('pages through next links to the same set of doors whatever the page size', async () => {
    const big = await allDoors(1000);
    const small = await allDoors(3);
    expect(big.length).toBeGreaterThanOrEqual(20);
    expect(small.map((d) => d.href)).toEqual(big.map((d) => d.href));
    expect(new Set(small.map((d) => d.href)).size).toBe(small.length);
  });

  it('gets each door with its commands and updates link in one search', async () => {
    const [door] = await allDoors();
    expect(door?.commands?.open?.href).toMatch(/^https:/);
    expect(door?.updates?.href).toMatch(/^https:/);
  });

  it('watches doors: a forced door reaches the monitor as a delta', async () => {
    const [door] = await allDoors();
    const seen: ItemStatus[] = [];
    const monitor = new Monitor(live.transport, { delta: (b) => seen.push(...b), answered: () => {}, failed: () => {} });
    monitor.watch([{ href: door!.href, name: door!.name, updatesHref: door!.updates!.href }]);
    await eventually(() => seen.length > 0, 'first status');
    await control.setDoor(live.site, door!.id, { open: true, forced: true });
    const forced = await eventually(() => seen.find((s) => s.flags.includes('forced')), 'forced status');
    expect(forced.flags).toContain('open');
    await monitor.stop();
    await control.setDoor(live.site, door!.id, { open: false, forced: false });
  });

  it('sends Open exactly once to the offered href, and the server reports the door unlocked', async () => {
    const doors = await allDoors();
    const door = doors[1]!;
    const before = (await control.events(live.site)).length;
    await sendCommand(live.transport, door, { command: 'open' });
    const overrides = (await control.events(live.site)).slice(before).filter((e) => e.type === 'override');
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ collection: 'doors', itemId: door.id, command: 'open' });
    const seen: ItemStatus[] = [];
    const monitor = new Monitor(live.transport, { delta: (b) => seen.push(...b), answered: () => {}, failed: () => {} });
    monitor.watch([{ href: door.href, name: door.name, updatesHref: door.updates!.href }]);
    await eventually(() => seen.find((s) => s.flags.includes('unlocked')), 'unlocked status');
    await monitor.stop();
  });

  it('refuses a command the server did not offer, before sending anything', async () => {
    const [door] = await allDoors();
    await expect(sendCommand(live.transport, door!, { command: 'selfDestruct' })).rejects.toMatchObject({ code: 'invalid-call' });
  });
});

describe('authentication failures are typed and not retried', () => {
  it('a wrong API key is unauthorised', async () => {
    const bad = transportFor(live.site, { apiKey: '0000-0000-0000-0000-0000-0000-0000-0000' });
    await expect(discover(bad)).rejects.toMatchObject({ code: 'unauthorised' });
    await bad.close();
  });

  it('the Basic form is accepted (9.40)', async () => {
    const basic = transportFor(live.site, { auth: { kind: 'basic' } });
    expect((await discover(basic)).version).toBe('9.40');
    await basic.close();
  });
});
