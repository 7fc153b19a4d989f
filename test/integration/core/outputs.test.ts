import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../../../shared/domain';
import { controlCall, recordedDeskOnTestSite } from '../support/session';
import { eventually } from '../support/site';

// Outputs on the desk's board: discovered (features.outputs.outputs), loaded by one search into the
// catalogue with their command offers, and watched like every other kind — through the multi-item
// subscription from 8.30, through each output's own updates long-poll before.
async function demoDesk(version: string) {
  const started = await recordedDeskOnTestSite({ version });
  const d = started.desk;
  await eventually(() => d.connection.phase === 'connected' && d.items.some((i) => i.kind === 'output'), 'the board with its outputs');
  return started;
}

const outputs = (items: readonly BoardItem[]) => items.filter((i) => i.kind === 'output');
const offers = (item: BoardItem) => item.commandOffers.map((o) => o.key).sort();

describe.each(['8.20', '9.40'])('outputs on the board at %s', (version) => {
  it('loads every output with its division name and command offers, under Site (outputs carry no floor)', async () => {
    const { desk } = await demoDesk(version);
    const found = outputs(desk.items);
    expect(found.map((o) => o.name).sort()).toEqual(
      ['Car park strobe', 'Lab fume extract fan', 'Loading dock gate relay', 'Lobby siren', 'North Level 3 strobe'],
    );
    const siren = found.find((o) => o.name === 'Lobby siren')!;
    expect(siren).toMatchObject({ kind: 'output', shortName: 'Siren', group: 'Site', floors: [], division: { name: 'North Building' } });
    // connectedController came later than outputs did (8.30 in the simulator).
    expect(siren.connectedController?.name).toBe(version === '9.40' ? 'North controller' : undefined);
    expect(offers(siren)).toEqual(['cancel', 'off', 'offUntil', 'on', 'onUntil']);
    // pulse arrived in 8.50, offered only where the output is set to pulse.
    const gate = found.find((o) => o.name === 'Loading dock gate relay')!;
    expect(offers(gate)).toEqual(version === '9.40' ? ['cancel', 'off', 'offUntil', 'on', 'onUntil', 'pulse'] : offers(siren));
  });

  it('watches each output: its status comes, and a command changes the board only when the server reports it', async () => {
    const { site, desk } = await demoDesk(version);
    const siren = outputs(desk.items).find((o) => o.name === 'Lobby siren')!;
    const fan = outputs(desk.items).find((o) => o.name === 'Lab fume extract fan')!;
    await eventually(() => desk.statuses.get(siren.href)?.flags.includes('open'), 'the siren off');
    await eventually(() => desk.statuses.get(fan.href)?.flags.includes('closed'), 'the extract fan on');

    await desk.session.command({ href: siren.href, command: 'on' });
    await eventually(() => desk.statuses.get(siren.href)?.flags.join() === 'closed,overridden', 'the siren on, overridden');
    expect(desk.statuses.get(siren.href)?.statusText).toBe('On\nOverridden');

    // A change made at the server (the site's own logic) reaches the board too.
    await controlCall(site, 'PATCH', '/items/outputs/out-park-strobe', { on: true });
    const strobe = outputs(desk.items).find((o) => o.name === 'Car park strobe')!;
    await eventually(() => desk.statuses.get(strobe.href)?.flags.join() === 'closed', 'the strobe on');
    expect(desk.stale()).toEqual([]);
  });
});
