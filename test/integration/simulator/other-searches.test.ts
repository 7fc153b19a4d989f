import { describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { simulatorForTheseTests } from './support';

// Spec: Day categories, Elevator groups, update_cardholder_location (issue 3, point 7).
describe('day categories, elevator groups and cardholder location zones', () => {
  const server = simulatorForTheseTests({ site: privilegeSite() });

  it('day categories: name and href, description and notes when asked; the detail whole; sort and name filters; empty without privilege', async () => {
    const all = (await server.client.get('/api/day_categories?sort=-name')).json.results;
    expect(all.map((d: { name: string }) => d.name)).toEqual(['Weekend', 'Weekday', 'Public Holiday']);
    expect(all[2]).toEqual({ name: 'Public Holiday', href: expect.stringMatching(/\/api\/day_categories\//) });
    const asked = (await server.client.get('/api/day_categories?sort=-name&fields=defaults,description,notes')).json.results;
    const holiday = { name: 'Public Holiday', href: all[2].href, description: 'Observed holidays', notes: 'Set yearly' };
    expect(asked[2]).toEqual(holiday);
    expect((await server.client.get(all[2].href)).json).toEqual(holiday);
    expect((await server.client.get('/api/day_categories?name=week')).json.results).toHaveLength(2);
    // Day categories have no division: division (and description) filters are not taken.
    expect((await server.client.get('/api/day_categories?division=north')).json.results).toHaveLength(3);
    expect((await server.client.get('/api/day_categories?description=saturday')).json.results).toHaveLength(3);
    expect((await server.as(KEYS.nobody).get('/api/day_categories')).json.results).toEqual([]);
  });

  it('elevator groups: the general search gives href and name; detail gives floorAccess with front and rear zones', async () => {
    const page = (await server.client.get('/api/elevator_groups')).json.results;
    expect(page).toEqual([
      { href: `${server.sim.url}/api/elevator_groups/eg-north`, name: 'North Lifts' },
      { href: `${server.sim.url}/api/elevator_groups/eg-south`, name: 'South Lifts' },
    ]);
    const detail = (await server.client.get(page[0].href)).json;
    expect(detail).toMatchObject({ elevatorSystem: { id: 'lift-sys-1' }, elevatorGroupNumber: 1, rearAccessEnabled: true, groundFloorNumber: 1 });
    expect(detail.floorAccess[0]).toEqual({
      floorNumber: 1,
      frontService: true,
      rearService: true,
      floorName: 'Level 1',
      frontAccessZone: { id: 'az-lobby', name: 'Main Lobby', href: `${server.sim.url}/api/access_zones/az-lobby` },
      rearAccessZone: { id: 'az-n1', name: 'North Level 1 Offices', href: `${server.sim.url}/api/access_zones/az-n1` },
    });
    expect((await server.client.get('/api/elevator_groups/az-lobby')).status).toBe(404);
    expect((await server.as(KEYS.north).get('/api/elevator_groups/eg-south')).status).toBe(404);
  });

  it("modify_passenger_details: 'Modify Passenger Details' groups with division {id, href} and floorAccess", async () => {
    const results = (await server.client.get('/api/elevator_groups/modify_passenger_details')).json.results;
    expect(Object.keys(results[0]).sort()).toEqual(['division', 'floorAccess', 'href', 'name']);
    expect(results[0].division).toEqual({ id: 'north', href: `${server.sim.url}/api/divisions/north` });
    // North viewers can view the north group but hold no 'Modify Passenger Details'.
    expect((await server.as(KEYS.north).get('/api/elevator_groups/modify_passenger_details')).json.results).toEqual([]);
    expect((await server.as(KEYS.north).get('/api/elevator_groups')).json.results).toHaveLength(1);
  });

  it('update_cardholder_location: zones with outsideOfSystem; empty without the privilege; 403 without RESTCardholders', async () => {
    const reply = (await server.client.get('/api/access_zones/update_cardholder_location?top=1000')).json;
    expect(reply.results.length).toBe(privilegeSite().accessZones!.length);
    expect(reply.outsideOfSystem.href).toMatch(/^https:\/\//);
    expect((await server.as(KEYS.north).get('/api/access_zones/update_cardholder_location')).json.results).toEqual([]);
    server.sim.control.setLicences(['RESTStatus', 'RESTOverrides']);
    expect((await server.client.get('/api/access_zones/update_cardholder_location')).status).toBe(403);
    expect((await server.client.get('/api/elevator_groups/modify_passenger_details')).status).toBe(403);
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV']);
  });
});
