import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { feature, simulatorForTheseTests, startWithClient, TestClient, withQuery } from './support';

// Outputs as the vendor's reference gives them (cc_rest.yaml, tag Outputs and /api/outputs…):
// features.outputs.outputs; search, detail, updates, the multi-item subscription; on/onUntil,
// off/offUntil, pulse (8.50; 400 on an output not set to pulse from 8.70), cancel, each needing
// 'Override' and the RESTOverrides licence; viewing needs 'View Site', 'Edit Site' or 'Override'.
const SIREN = 'out-n-siren';
const GATE = 'out-s-dock'; // set to pulse for 3 s in the demo site

async function simulatorAt(version: string, options: { site?: ReturnType<typeof privilegeSite> } = {}) {
  return startWithClient({ version, site: options.site ?? privilegeSite(), statusFetchMs: 0, updatesTimeoutMs: 500 });
}

describe('outputs at 9.40', () => {
  const server = simulatorForTheseTests(() => simulatorAt('9.40'));
  afterEach(async () => {
    // Leave every output as the site file has it for the next test.
    for (const id of [SIREN, GATE, 'out-labs-extract']) await server.client.post(`/api/outputs/${id}/cancel`);
  });

  const detail = async (id: string) => (await server.client.get(`/api/outputs/${id}`)).json;
  // The first updates call on an unwatched item answers controllerUnknown while the server asks the hardware.
  const flags = async (id: string): Promise<string[]> => {
    const first = (await server.client.get(`/api/outputs/${id}/updates`)).json;
    if (first.updates.statusFlags[0] !== 'controllerUnknown') return first.updates.statusFlags;
    return (await server.client.get(first.next.href)).json.updates.statusFlags;
  };
  const post = async (id: string, key: string, body?: unknown) => server.client.post((await detail(id)).commands[key].href, body);

  it('is linked from discovery as features.outputs.outputs, a plain link', async () => {
    expect(await feature(server.client, 'outputs', 'outputs')).toBe(`${server.sim.url}/api/outputs`);
  });

  it('searches by name and returns href, id and name by default', async () => {
    const all = (await server.client.get(await feature(server.client, 'outputs', 'outputs'))).json.results;
    expect(all.map((o: { name: string }) => o.name).sort()).toEqual(
      ['Car park strobe', 'Lab fume extract fan', 'Loading dock gate relay', 'Lobby siren', 'North Level 3 strobe'],
    );
    for (const output of all) expect(Object.keys(output).sort()).toEqual(['href', 'id', 'name']);
    const found = (await server.client.get(withQuery(await feature(server.client, 'outputs', 'outputs'), { name: 'siren' }))).json.results;
    expect(found).toEqual([{ href: `${server.sim.url}/api/outputs/${SIREN}`, id: SIREN, name: 'Lobby siren' }]);
  });

  it('gives the detail with every field of OutputDetail except statusFlags unless asked', async () => {
    const siren = await detail(SIREN);
    expect(Object.keys(siren).sort()).toEqual(
      ['commands', 'connectedController', 'description', 'division', 'href', 'id', 'name', 'notes', 'shortName', 'status', 'statusText', 'updates']
        .filter((f) => f !== 'notes' || siren.notes !== undefined)
        .sort(),
    );
    expect(siren.division).toEqual({ id: 'north', href: `${server.sim.url}/api/divisions/north` });
    expect(siren.updates.href).toMatch(new RegExp(`/api/outputs/${SIREN}/updates`));
    const asked = (await server.client.get(`/api/outputs/${SIREN}?fields=statusFlags,statusText`)).json;
    expect(asked.statusFlags).toEqual(expect.arrayContaining([expect.stringMatching(/^(open|unknown)$/)]));
    expect((await server.client.get(`/api/outputs/${SIREN}?fields=voltage,name`)).json).toEqual({ name: 'Lobby siren' });
  });

  it('offers on, onUntil, off, offUntil and cancel; pulse only where the output pulses; Until keys share the href', async () => {
    const siren = (await detail(SIREN)).commands;
    expect(Object.keys(siren).sort()).toEqual(['cancel', 'off', 'offUntil', 'on', 'onUntil']);
    expect(siren.onUntil.href).toBe(siren.on.href);
    expect(siren.offUntil.href).toBe(siren.off.href);
    expect(siren.on.href).toBe(`${server.sim.url}/api/outputs/${SIREN}/on`);
    expect(Object.keys((await detail(GATE)).commands).sort()).toEqual(['cancel', 'off', 'offUntil', 'on', 'onUntil', 'pulse']);
  });

  it('on, off and cancel change the flags, and the status text says On and Off', async () => {
    expect(await flags(SIREN)).toEqual(['open']);
    expect((await post(SIREN, 'on')).status).toBe(204);
    const on = (await server.client.get(`/api/outputs/${SIREN}/updates`)).json.updates;
    // The item is watched now (the call above), so the status comes at once.
    expect(on).toEqual({ status: 'On Overridden', statusText: 'On\nOverridden', statusFlags: ['closed', 'overridden'] });
    expect((await post(SIREN, 'off')).status).toBe(204);
    expect(await flags(SIREN)).toEqual(['open', 'overridden']);
    expect((await post(SIREN, 'cancel')).status).toBe(204);
    expect(await flags(SIREN)).toEqual(['open']);
  });

  it('onUntil ends by itself at its end time; a bad end time is refused with 400 and changes nothing', async () => {
    const endTime = new Date(server.sim.control.now() + 10 * 60_000).toISOString();
    expect((await post(SIREN, 'onUntil', { endTime })).status).toBe(204);
    expect(await flags(SIREN)).toEqual(['closed', 'overridden']);
    server.sim.control.advanceTime(10 * 60_000 + 1_000);
    expect(await flags(SIREN)).toEqual(['open']);
    const past = await post(SIREN, 'onUntil', { endTime: new Date(server.sim.control.now() - 60 * 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(await flags(SIREN)).toEqual(['open']);
  });

  it('pulse: on (pulsed) for the pulse time, then off; answered 400 on an output not set to pulse', async () => {
    expect((await post(GATE, 'pulse')).status).toBe(204);
    expect(await flags(GATE)).toEqual(['closed', 'pulsed', 'overridden']);
    server.sim.control.advanceTime(3_500);
    expect(await flags(GATE)).toEqual(['open']);
    const refused = await server.client.post(`/api/outputs/${SIREN}/pulse`);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/not configured for pulsing/);
    expect(await flags(SIREN)).toEqual(['open']);
  });

  it('records each override as an event naming the command', async () => {
    const before = server.sim.control.events().length;
    await post(SIREN, 'on');
    expect(server.sim.control.events().slice(before)).toEqual([expect.objectContaining({ type: 'override', collection: 'outputs', itemId: SIREN, command: 'on' })]);
  });

  it('carries outputs in the multi-item subscription beside other kinds, and wakes it on a change', async () => {
    const first = await server.client.post(await feature(server.client, 'items', 'updates'), { itemIds: [SIREN, 'd-n1-east'] });
    expect(first.status).toBe(200);
    const siren = first.json.updates.find((u: { id: string }) => u.id === SIREN);
    expect(siren).toMatchObject({ id: SIREN, statusFlags: [expect.stringMatching(/^(open|controllerUnknown)$/)] });
    await post(SIREN, 'on');
    // Follow the subscription (past the first fetch from the hardware) until the siren's change arrives.
    let next = first.json.next.href as string;
    let changed: unknown[] = [];
    for (let i = 0; i < 4 && !JSON.stringify(changed).includes('closed'); i++) {
      const reply = (await server.client.get(next)).json;
      next = reply.next.href;
      changed = reply.updates.filter((u: { id: string }) => u.id === SIREN);
    }
    expect(changed).toEqual([{ id: SIREN, status: 'On Overridden', statusText: 'On\nOverridden', statusFlags: ['closed', 'overridden'] }]);
  });

  it('the control API sets the state the site logic drives and the relay conditions; an override still wins', async () => {
    server.sim.control.patchItem('outputs', SIREN, { on: true });
    expect(await flags(SIREN)).toEqual(['closed']);
    await post(SIREN, 'off');
    expect(await flags(SIREN)).toEqual(['open', 'overridden']);
    await post(SIREN, 'cancel');
    server.sim.control.patchItem('outputs', SIREN, { on: false, switchingDisabled: true });
    expect(await flags(SIREN)).toEqual(['open', 'switchingDisabled']);
    server.sim.control.patchItem('outputs', SIREN, { switchingDisabled: false, relayStateUnknown: true });
    expect(await flags(SIREN)).toEqual(['relayStateUnknown']);
    server.sim.control.patchItem('outputs', SIREN, { relayStateUnknown: false });
    expect(() => server.sim.control.patchItem('outputs', SIREN, { open: true })).toThrow();
  });

  it('keeps overridden beside controllerOffline', async () => {
    await post(SIREN, 'on');
    server.sim.control.setControllerOnline('ctl-north', false);
    try {
      expect(await flags(SIREN)).toEqual(['controllerOffline', 'overridden']);
    } finally {
      server.sim.control.setControllerOnline('ctl-north', true);
    }
  });
});

describe('outputs: privileges and licences', () => {
  const server = simulatorForTheseTests(() => simulatorAt('9.40'));

  it("'View Site' sees its division's outputs without commands; overriding needs 'Override'", async () => {
    const north = new TestClient(server.sim, { authorization: `${server.sim.authScheme} ${KEYS.north}` });
    try {
      const seen = (await north.get('/api/outputs')).json.results.map((o: { id: string }) => o.id).sort();
      expect(seen).toEqual(['out-labs-extract', 'out-n-siren', 'out-n-strobe']);
      // cc_rest.yaml OutputDetail.commands: missing without a privilege that allows overriding the output.
      expect((await north.get(`/api/outputs/${SIREN}`)).json.commands).toEqual({});
      expect((await north.get(`/api/outputs/${GATE}`)).status).toBe(404);
      expect((await north.post(`/api/outputs/${SIREN}/on`)).status).toBe(403);
    } finally {
      await north.close();
    }
  });

  it('without RESTOverrides: no commands and every override 403; without RESTStatus from 8.60: found but no status', async () => {
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus']);
    expect((await server.client.get(`/api/outputs/${SIREN}`)).json.commands).toBeUndefined();
    expect((await server.client.post(`/api/outputs/${SIREN}/on`)).status).toBe(403);
    server.sim.control.setLicences(['RESTOverrides']);
    const found = (await server.client.get(`/api/outputs/${SIREN}?fields=href,name,statusFlags,commands`)).json;
    expect(found.statusFlags).toBeUndefined();
    expect(Object.keys(found.commands)).toContain('on');
    server.sim.control.setLicences(['RESTCardholders']);
    expect((await server.client.get('/api/outputs')).status).toBe(403);
    expect((await server.client.get('/api')).json.features.outputs).toBeUndefined();
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV']);
  });
});

describe('outputs by version', () => {
  it.each(['8.00', '8.40'])('%s: outputs without pulse (pulse arrived in 8.50)', async (version) => {
    const { sim, client } = await simulatorAt(version);
    try {
      expect(await feature(client, 'outputs', 'outputs')).toBe(`${sim.url}/api/outputs`);
      expect(Object.keys((await client.get(`/api/outputs/${GATE}`)).json.commands).sort()).toEqual(['cancel', 'off', 'offUntil', 'on', 'onUntil']);
      expect((await client.post(`/api/outputs/${GATE}/pulse`)).status).toBe(404);
    } finally {
      await client.close();
      await sim.stop();
    }
  });

  it('8.50 and 8.60: pulse offered where the output pulses; elsewhere never linked, so not found', async () => {
    for (const version of ['8.50', '8.60']) {
      const { sim, client } = await simulatorAt(version);
      try {
        expect((await client.get(`/api/outputs/${GATE}`)).json.commands.pulse.href).toBe(`${sim.url}/api/outputs/${GATE}/pulse`);
        expect((await client.post(`/api/outputs/${GATE}/pulse`)).status).toBe(204);
        expect((await client.post(`/api/outputs/${SIREN}/pulse`)).status).toBe(404);
      } finally {
        await client.close();
        await sim.stop();
      }
    }
  });

  it('8.70: a pulse on an output not set to pulse is answered 400', async () => {
    const { sim, client } = await simulatorAt('8.70');
    try {
      expect((await client.post(`/api/outputs/${SIREN}/pulse`)).status).toBe(400);
    } finally {
      await client.close();
      await sim.stop();
    }
  });
});
