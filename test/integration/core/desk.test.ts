import type { DeskError } from '../../../shared/errors';
import { describe, expect, it } from 'vitest';
import { control, eventually } from '../support/site';
import { unpackPart } from '../../../shared/contract/board-packing';
import { connectedDesk, startedDesk } from '../support/desk';

describe('the desk: composition root of the contract', () => {
  it('connects, reports the server version and features, and lists the doors on the board', async () => {
    const { desk } = await connectedDesk();
    const snapshot = unpackPart(await desk.handle('board.get', {}));
    expect(snapshot.connection).toMatchObject({ phase: 'connected', serverVersion: '9.40', demo: false });
    expect(snapshot.connection.features).toContain('doors.doors');
    const doors = snapshot.items.filter((i) => i.kind === 'door');
    expect(doors.length).toBeGreaterThanOrEqual(20);
    expect(doors.every((i) => i.commands.includes('open'))).toBe(true);
  });


  it('refuses a command on an href the server never gave', async () => {
    const { desk } = await connectedDesk();
    await expect(desk.handle('item.command', { href: 'https://127.0.0.1:1/api/doors/1', command: 'open' })).rejects.toMatchObject({
      code: 'invalid-call',
    });
  });

  it('never queues an override while the server is unreachable', async () => {
    const { desk, site, phases } = await connectedDesk();
    const [door] = (await desk.handle('board.get', {})).items;
    await site.stop();
    const reconnecting = await eventually(() => phases.find((p) => p.phase === 'reconnecting'), 'reconnecting', 15_000);
    // The bar can say when the next try is: the watchers' back-off, not "trying now".
    expect(reconnecting.nextAttemptAt).toBeGreaterThan(reconnecting.since);
    // Refused either way, never kept to send later: "offline" once the heartbeat has missed the server,
    // or "network" when its last beat (under 2 s old) still said fine and the one try found nobody there.
    const refused = await desk.handle('item.command', { href: door!.href, command: 'open' }).then(
      () => undefined,
      (err: unknown) => err as DeskError,
    );
    expect(['offline', 'network']).toContain(refused?.code);
    expect(refused?.message).toMatch(/Not connected to the server|refused the connection/);
  });

  it('goes offline, without retrying, when the server refuses the API key', async () => {
    const { site, phases } = await startedDesk({}, { apiKey: 'FFFF-FFFF-FFFF-FFFF-FFFF-FFFF-FFFF-FFFF' });
    const offline = await eventually(() => phases.find((p) => p.phase === 'offline'), 'offline');
    expect(offline.reason).toMatch(/API key/);
    expect(offline.reason).not.toContain('FFFF');
    // Nothing retries behind the operator's back: one refused attempt, however long we wait.
    await new Promise((r) => setTimeout(r, 1_500));
    const failures = (await control.events(site)).filter((e) => e.type === 'auth-failure');
    expect(failures).toHaveLength(1);
  });
});
