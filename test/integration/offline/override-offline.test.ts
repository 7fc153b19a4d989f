import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { control, eventually } from '../support/site';
import { connectedDesk, deskRecordsForThisTest } from '../support/desk';

/** A connected desk with local records, so its refusals are audited. */
async function deskWithRecords() {
  const records = deskRecordsForThisTest();
  return { ...(await connectedDesk({}, records)), records };
}

const overridesIn = async (s: RunningSimulator) => (await control.events(s)).filter((e) => e.type === 'override');

describe('overrides while offline', () => {
  it('refuses an override while the server is unreachable, records the refusal, and never sends it after reconnecting', async () => {
    const { desk, site, records, phases } = await deskWithRecords();
    const door = (await desk.handle('board.get', {})).items.find((i) => i.kind === 'door')!;
    site.control.setFaults({ dropRequests: {} });
    await eventually(() => phases.find((p) => p.phase === 'reconnecting'), 'reconnecting', 15_000);

    await expect(desk.handle('item.command', { href: door.href, command: 'open' })).rejects.toMatchObject({ code: 'offline' });
    const [refusal] = records.audit.matching({ kinds: ['override'] });
    expect(refusal?.action).toMatchObject({ kind: 'override', item: { href: door.href, name: door.name }, command: 'open', outcome: 'refused', outcomeText: expect.stringMatching(/not sent/) });

    const reconnectedFrom = phases.length;
    site.control.clearFaults();
    await eventually(() => phases.slice(reconnectedFrom).find((p) => p.phase === 'connected'), 'connected again', 20_000);
    // Give a queue, were there one, every chance to flush: a long-poll round and then some.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await overridesIn(site)).toEqual([]);

    // The operator decides again, now, and exactly that one command reaches the server.
    await desk.handle('item.command', { href: door.href, command: 'open' });
    expect(await overridesIn(site)).toHaveLength(1);
    expect(records.audit.matching({ kinds: ['override'] }).map((e) => e.action.outcome)).toEqual(['done', 'refused']);
    expect(records.audit.check().ok).toBe(true);
  });
});
