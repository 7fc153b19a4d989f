import { describe, expect, it } from 'vitest';
import { demoSite } from './fixtures/sites';
import { simulatorForTheseTests, startWithClient } from './support';

// Spec: Fields selectable with fields, by item type; Type-specific fields; Common item fields.
const TABLE: Record<string, [string, string[]]> = {
  access_zones: ['az-labs', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'doors', 'zoneCount', 'statusFlags', 'statusText', 'status', 'notes', 'updates']],
  alarm_zones: ['alz-north', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'status', 'notes', 'updates']],
  doors: ['d-roof', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'entryAccessZone', 'exitAccessZone', 'statusFlags', 'statusText', 'status', 'notes', 'updates']],
  fence_zones: ['fz-east', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'voltage', 'statusFlags', 'statusText', 'status', 'notes', 'updates']],
  inputs: ['in-n-glass', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'statusText', 'status', 'notes', 'updates']],
  interlock_groups: ['il-labs', ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags', 'statusText', 'status', 'notes', 'updates']],
  macros: ['m-lights', ['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates']],
  elevator_groups: ['eg-north', ['href', 'name', 'shortName', 'description', 'division', 'notes', 'elevatorSystem', 'elevatorGroupNumber', 'floorAccess', 'rearAccessEnabled', 'groundFloorNumber']],
};

describe('every field of every item type', () => {
  const server = simulatorForTheseTests(() => {
    const site = demoSite();
    // Give one item of each type every optional text field, so each one can be seen.
    const texts = { shortName: 'Short', description: 'Described', notes: 'Line one\nLine two' };
    for (const [collection, [id]] of Object.entries(TABLE)) {
      const key = collection.replace(/_(.)/g, (_m, c: string) => c.toUpperCase()) as keyof typeof site;
      const list = site[key] as { id: string }[];
      const item = list.find((i) => i.id === id)!;
      Object.assign(item, collection === 'macros' ? { description: texts.description, notes: texts.notes } : texts);
    }
    return startWithClient({ site, version: '9.40' });
  });

  it.each(Object.entries(TABLE))('%s: fields selects exactly the fields of the spec table', async (collection, [id, fields]) => {
    const reply = await server.client.get(`/api/${collection}/${id}?fields=${fields.join(',')},bogus`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual([...fields].sort());
  });

  it('type-specific shapes: door zones, fence voltage, division and controller links, updates link', async () => {
    const door = (await server.client.get('/api/doors/d-roof')).json;
    expect(door.entryAccessZone).toEqual({ name: 'Plant Room', href: `${server.sim.url}/api/access_zones/az-plant` });
    expect(door.division).toEqual({ id: 'north', href: `${server.sim.url}/api/divisions/north` });
    expect(door.connectedController).toEqual({ name: 'North controller', href: `${server.sim.url}/api/controllers/ctl-north`, id: 'ctl-north' });
    expect(door.notes).toBe('Line one\nLine two');
    expect((await server.client.get(door.division.href)).json).toMatchObject({ id: 'north', name: 'North Building' });
    const fence = (await server.client.get('/api/fence_zones/fz-east?fields=voltage')).json;
    expect(fence).toEqual({ voltage: 8200 });
    const zone = (await server.client.get('/api/access_zones/az-labs?fields=status,statusText')).json;
    expect(zone.status).toBe(zone.statusText.replace(/\n/g, ' '));
  });
});
