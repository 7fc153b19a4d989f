import { describe, expect, it } from 'vitest';
import { discover } from '../../../electron/core/api/discovery';
import { sendCommand, type CommandInput } from '../../../electron/core/api/commands';
import { collect, searchItems } from '../../../electron/core/api/items';
import { ITEM_TYPES, type ItemTypeKey } from '../../../electron/core/api/item-types';
import { control, transportFor, useDiscoveredSite } from '../support/site';
import { atLeast, orSkipIfMissing, VERSIONS } from '../support/versions';

const COLLECTION: Record<Exclude<ItemTypeKey, 'dayCategory' | 'elevatorGroup'>, string> = {
  accessZone: 'access_zones',
  alarmZone: 'alarm_zones',
  door: 'doors',
  fenceZone: 'fence_zones',
  input: 'inputs',
  interlockGroup: 'interlock_groups',
  macro: 'macros',
  output: 'outputs',
};

/** A command as the dialog would send it: Until variants an hour ahead, zone counts a small number. */
function inputFor(command: string, now: number): CommandInput {
  if (command.endsWith('Until')) return { command, endTime: new Date(now + 60 * 60_000).toISOString() };
  if (command === 'setZoneCount') return { command, zoneCount: 7 };
  return { command };
}

describe.each(VERSIONS)('commands at server version %s', (version) => {
  const live = useDiscoveredSite({ version });

  async function overridesDuring(action: () => Promise<void>) {
    const before = (await control.events(live.site)).length;
    await action();
    return (await control.events(live.site)).slice(before).filter((e) => e.type === 'override');
  }

  for (const [key, collection] of Object.entries(COLLECTION) as [keyof typeof COLLECTION, string][]) {
    it(`${key}: every command the server offers is sent once, with its body, to the offered href`, async (ctx) => {
      ctx.skip(!live.discovery.links.has(ITEM_TYPES[key].feature), `no ${key} link at ${version} (not in this version or not licensed)`);
      const items = await orSkipIfMissing(ctx, `${key} search`, () =>
        collect(searchItems(live.transport, live.discovery, key, { fields: ['commands'] })),
      );
      // A zone with a schedule accepts timed overrides; the one with the most commands exercises the most.
      const item = [...items].sort((a, b) => Object.keys(b.commands ?? {}).length - Object.keys(a.commands ?? {}).length)[0];
      ctx.skip(!item?.commands || Object.keys(item.commands).length === 0, `the demo site has no ${key} with commands for this operator`);
      for (const command of Object.keys(item!.commands!)) {
        const input = inputFor(command, Date.now());
        let refused: unknown;
        const events = await overridesDuring(() => sendCommand(live.transport, item!, input).catch((e: unknown) => void (refused = e)));
        if (refused) {
          // The only refusal a correct request may meet: a timed override on an item without a schedule.
          expect(refused).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/schedule/) });
          expect(events).toHaveLength(0);
          continue;
        }
        expect(events, command).toHaveLength(1);
        expect(events[0]).toMatchObject({ collection, itemId: item!.id, command: command.replace(/Until$/, '') });
        if (input.endTime) expect(Date.parse(events[0]!.endTime as string)).toBeCloseTo(Date.parse(input.endTime), -4);
      }
    });
  }

  it('attributes an override to requested_by from 8.70; older servers ignore it', async () => {
    const [door] = await collect(searchItems(live.transport, live.discovery, 'door', { top: 1, fields: ['commands'] }));
    const events = await overridesDuring(() => sendCommand(live.transport, door!, { command: 'open', requestedBy: 'ch-guard' }));
    expect(events).toHaveLength(1);
    if (atLeast(version, '8.70')) expect(events[0]).toMatchObject({ requestedBy: 'ch-guard' });
    else expect(events[0]!.requestedBy).toBeUndefined();
  });

  it('offers door lock only from 9.40 (on half-cycle doors), and refuses it unsent where not offered', async () => {
    const doors = await collect(searchItems(live.transport, live.discovery, 'door', { fields: ['commands'] }));
    const lockable = doors.filter((d) => d.commands?.lock);
    expect(lockable.length > 0).toBe(atLeast(version, '9.40'));
    const plain = doors.find((d) => !d.commands?.lock)!;
    const events = await overridesDuring(async () => {
      await expect(sendCommand(live.transport, plain, { command: 'lock' })).rejects.toMatchObject({ code: 'invalid-call' });
    });
    expect(events).toHaveLength(0);
  });

  it('refuses an end time in the past before sending anything', async () => {
    const [zone] = await collect(searchItems(live.transport, live.discovery, 'accessZone', { top: 1, fields: ['commands'] }));
    const events = await overridesDuring(async () => {
      await expect(
        sendCommand(live.transport, zone!, { command: 'freeUntil', endTime: new Date(Date.now() - 60_000).toISOString() }),
      ).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/already passed/) });
    });
    expect(events).toHaveLength(0);
  });

  it(`accepts the Basic authorisation form only from 9.0`, async () => {
    const basic = transportFor(live.site, { auth: { kind: 'basic' } });
    try {
      if (atLeast(version, '9.0')) expect((await discover(basic)).version).toBe(version);
      else await expect(discover(basic)).rejects.toMatchObject({ code: 'unauthorised' });
    } finally {
      await basic.close();
    }
  });
});
