import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { startWithClient, type TestClient } from './support';

// Spec: Root and discovery; What the service does (2, 3).
describe('discovery: GET /api', () => {
  let sim: RunningSimulator;
  let client: TestClient;
  beforeAll(async () => ({ sim, client } = await startWithClient({ version: '9.40' })));
  afterAll(async () => {
    await client.close();
    await sim.stop();
  });

  it('returns the version and the doors feature link on this server', async () => {
    const api = (await client.get('/api')).json;
    expect(api.version).toBe('9.40');
    const doors = new URL(api.features.doors.doors.href);
    expect(doors.origin).toBe(sim.url);
    expect(doors.pathname).toBe('/api/doors');
  });

  it('hands out at least one feature link that already carries a query string', async () => {
    const api = (await client.get('/api')).json;
    expect(api.features.doors.doors.href).toContain('?');
  });
});
