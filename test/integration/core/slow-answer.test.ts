import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { controlCall, recordedSession } from '../support/session';
import { eventually, startTestSite } from '../support/site';

let site: RunningSimulator | undefined;
let desk: ReturnType<typeof recordedSession> | undefined;

afterEach(async () => {
  await desk?.session.stop();
  await site?.stop();
  desk = site = undefined;
});

describe('a slow server', () => {
  it('is said on the bar as soon as an override is answered slowly, not at the next heartbeat', async () => {
    site = await startTestSite();
    // Heartbeats far apart: only the override's own answer can tell the desk the server is slow.
    desk = recordedSession(site, { heartbeatMs: 600_000, catalogueMs: 600_000 });
    const d = desk;
    await eventually(() => d.connection.phase === 'connected' && d.items.length > 0, 'connected');
    const door = d.items.find((i) => i.kind === 'door' && i.commands.includes('open'))!;
    await controlCall(site, 'PUT', '/faults', { latencyMs: 2_200 });
    try {
      await expect(d.session.command({ href: door.href, command: 'open' })).resolves.toEqual({ accepted: true });
    } finally {
      await controlCall(site, 'DELETE', '/faults');
    }
    expect(d.connection).toMatchObject({ phase: 'connected', reason: expect.stringMatching(/^The server is slow: its last answer took 2\.\d s$/) });
  });
});
