import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { startWithClient, type TestClient } from './support';

// Spec: Updates protocol with `fields` (updates-call fields by type; removing a field suppresses its updates).
describe('updates with fields', () => {
  let sim: RunningSimulator;
  let client: TestClient;
  beforeAll(async () => ({ sim, client } = await startWithClient({ statusFetchMs: 10, updatesTimeoutMs: 300 })));
  afterAll(async () => {
    await client.close();
    await sim.stop();
  });

  it('returns only the requested fields, and the next link keeps asking for them', async () => {
    const first = await client.get('/api/access_zones/az-labs/updates?fields=zoneCount');
    expect(new URL(first.json.next.href).searchParams.get('fields')).toBe('zoneCount');
    const settled = await client.get(first.json.next.href);
    expect(settled.json.updates).toEqual({ zoneCount: 3 });
  });

  it('a change to a field that was not asked for does not wake the call', async () => {
    const first = await client.get('/api/access_zones/az-n3/updates?fields=zoneCount');
    const settled = await client.get(first.json.next.href);
    const waiting = client.get(settled.json.next.href);
    await client.post('/api/access_zones/az-n3/free');
    const answer = await waiting;
    // The mode changed but only zoneCount was asked for: the call ran to its timeout with nothing.
    expect(answer.json.updates).toEqual({});
  });

  it('the fields request wakes on the field it asked for', async () => {
    const first = await client.get('/api/access_zones/az-n3/updates?fields=zoneCount');
    const settled = await client.get(first.json.next.href);
    const waiting = client.get(settled.json.next.href);
    sim.control.patchItem('access_zones', 'az-n3', { zoneCount: 7 });
    expect((await waiting).json.updates).toEqual({ zoneCount: 7 });
  });

  it('interlock group updates carry statusFlags only', async () => {
    const first = await client.get('/api/interlock_groups/il-labs/updates');
    const settled = await client.get(first.json.next.href);
    expect(settled.json.updates).toEqual({ statusFlags: ['secure'] });
  });

  it('never reports unknown on updates', async () => {
    const first = await client.get('/api/inputs/in-s-pir1/updates');
    expect(first.json.updates.statusFlags).not.toContain('unknown');
  });
});
