import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, startWithClient, TestClient } from './support';

// Spec: Authentication (stage 1 part: scheme form, certificate pinning, 401 with an event).
describe('authentication', () => {
  const server = simulatorForTheseTests();

  it('accepts the scheme form with the right key and the pinned certificate', async () => {
    expect((await server.client.get('/api')).status).toBe(200);
  });

  it('answers 401 to a wrong key, and logs an auth-failure event with the reason', async () => {
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    const bad = new TestClient(server.sim, { authorization: `${server.sim.authScheme} 0000-0000-0000-0000-0000-0000-0000-0000` });
    expect((await bad.get('/api')).status).toBe(401);
    await bad.close();
    const events = server.sim.control.events(since);
    expect(events).toEqual([expect.objectContaining({ type: 'auth-failure', reason: 'Unknown API key' })]);
  });

  it('answers 401 when the Authorization header is missing', async () => {
    const none = new TestClient(server.sim, {});
    none.authorization = undefined;
    expect((await none.get('/api')).status).toBe(401);
    await none.close();
  });

  it('answers 401 when the client presents no certificate', async () => {
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    const noCert = new TestClient(server.sim, { cert: null });
    expect((await noCert.get('/api')).status).toBe(401);
    await noCert.close();
    expect(server.sim.control.events(since)[0]).toMatchObject({ type: 'auth-failure', reason: expect.stringMatching(/client certificate/i) });
  });

  it('answers 401 when the certificate is not the pinned one', async () => {
    const { sim: other } = await startWithClient();
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    // The other simulator's client certificate is valid TLS-wise but has a different thumbprint.
    const stranger = new TestClient(server.sim, { cert: { cert: other.clientCertPem, key: other.clientKeyPem } });
    expect((await stranger.get('/api')).status).toBe(401);
    await stranger.close();
    await other.stop();
    expect(server.sim.control.events(since)[0]).toMatchObject({ type: 'auth-failure', reason: expect.stringMatching(/thumbprint/) });
  });
});
