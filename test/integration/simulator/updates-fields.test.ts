import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests } from './support';

// Spec: Updates protocol with `fields` (updates-call fields by type; removing a field suppresses its updates).
describe('updates with fields', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 300 });

  it('returns only the requested fields, and the next link keeps asking for them', async () => {
    const first = await server.client.get('/api/access_zones/az-labs/updates?fields=zoneCount');
    expect(new URL(first.json.next.href).searchParams.get('fields')).toBe('zoneCount');
    const settled = await server.client.get(first.json.next.href);
    expect(settled.json.updates).toEqual({ zoneCount: 3 });
  });

  it('a change to a field that was not asked for does not wake the call', async () => {
    const first = await server.client.get('/api/access_zones/az-n3/updates?fields=zoneCount');
    const settled = await server.client.get(first.json.next.href);
    const waiting = server.client.get(settled.json.next.href);
    await server.client.post('/api/access_zones/az-n3/free');
    const answer = await waiting;
    // The mode changed but only zoneCount was asked for: the call ran to its timeout with nothing.
    expect(answer.json.updates).toEqual({});
  });

  it('the fields request wakes on the field it asked for', async () => {
    const first = await server.client.get('/api/access_zones/az-n3/updates?fields=zoneCount');
    const settled = await server.client.get(first.json.next.href);
    const waiting = server.client.get(settled.json.next.href);
    server.sim.control.patchItem('access_zones', 'az-n3', { zoneCount: 7 });
    expect((await waiting).json.updates).toEqual({ zoneCount: 7 });
  });

  it('interlock group updates carry statusFlags only', async () => {
    const first = await server.client.get('/api/interlock_groups/il-labs/updates');
    const settled = await server.client.get(first.json.next.href);
    expect(settled.json.updates).toEqual({ statusFlags: ['secure'] });
  });

  it('never reports unknown on updates', async () => {
    const first = await server.client.get('/api/inputs/in-s-pir1/updates');
    expect(first.json.updates.statusFlags).not.toContain('unknown');
  });
});
