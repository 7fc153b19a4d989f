import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { TestClient, startWithClient } from './support';

// Spec: Limits (authentication failure flood) and Events 1.
describe('authentication failure flood', () => {
  let sim: RunningSimulator;
  let stranger: TestClient;
  beforeAll(async () => {
    const started = await startWithClient();
    sim = started.sim;
    await started.client.close();
    stranger = new TestClient(sim, { authorization: 'GGL-API-KEY 1111-2222-3333-4444-5555-6666-7777-8888' });
  });
  afterAll(async () => {
    await stranger.close();
    await sim.stop();
  });

  const fail = async (times: number) => {
    for (let i = 0; i < times; i++) expect((await stranger.get('/api')).status).toBe(401);
  };
  const types = (since: number) => sim.control.events(since).map((e) => e.type);

  it('reports ten failures in a minute one by one, then one summary alarm with the count', async () => {
    await fail(10);
    expect(types(0)).toEqual(Array(10).fill('auth-failure'));
    await fail(5);
    const events = sim.control.events(10);
    expect(events).toEqual([expect.objectContaining({ type: 'auth-flood-alarm', count: 11, message: expect.stringMatching(/large volume/) })]);
  });

  it('raises at most one summary alarm a minute while failures continue, counting since the flood began', async () => {
    const since = sim.control.events().at(-1)!.seq;
    sim.control.advanceTime(30_000);
    await fail(3);
    expect(types(since)).toEqual([]);
    sim.control.advanceTime(31_000);
    await fail(1);
    expect(sim.control.events(since)).toEqual([expect.objectContaining({ type: 'auth-flood-alarm', count: 19 })]);
  });

  it('goes back to individual events after five quiet minutes', async () => {
    const since = sim.control.events().at(-1)!.seq;
    sim.control.advanceTime(4 * 60_000);
    await fail(1);
    // Four minutes is not quiet enough: still the flood, so this failure goes into a summary alarm.
    expect(types(since)).toEqual(['auth-flood-alarm']);
    sim.control.advanceTime(5 * 60_000);
    await fail(2);
    expect(types(since)).toEqual(['auth-flood-alarm', 'auth-failure', 'auth-failure']);
  });
});
