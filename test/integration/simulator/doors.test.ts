import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, withQuery } from './support';

// Spec: Doors endpoints, Command maps (door), door flags.
describe.each([
  ['9.40', true],
  ['9.30', false],
])('door detail at %s', (version, lockOffered) => {
  const server = simulatorForTheseTests({ version });

  it('offers open on every door', async () => {
    const door = (await server.client.get('/api/doors/d-lobby-main')).json;
    expect(door.commands.open.href).toBe(`${server.sim.url}/api/doors/d-lobby-main/open`);
    expect(door.commands.lock).toBeUndefined();
    expect(door.updates.href).toMatch(/\/api\/doors\/d-lobby-main\/updates$/);
  });

  it(`${lockOffered ? 'offers' : 'does not offer'} lock on a half-cycle door`, async () => {
    const door = (await server.client.get('/api/doors/d-n1-comms')).json;
    expect(door.commands.lock !== undefined).toBe(lockOffered);
    const lock = await server.client.post('/api/doors/d-n1-comms/lock');
    expect(lock.status).toBe(lockOffered ? 204 : 404);
  });

  it('reports unknown flags on the detail page while nobody watches the door', async () => {
    const door = (await server.client.get(withQuery(`${server.sim.url}/api/doors/d-n2-lift`, { fields: 'statusFlags' }))).json;
    expect(door).toEqual({ statusFlags: ['unknown'] });
  });

  it('answers 404 for an id that is not a door, and for paths that are not links the server gives', async () => {
    expect((await server.client.get('/api/doors/az-lobby')).status).toBe(404);
    expect((await server.client.get('/api/doors/%E0%A4%A')).status).toBe(404);
    expect((await server.client.get('/api/gates')).status).toBe(404);
    expect((await server.client.get('/other')).status).toBe(404);
  });
});
