import { describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { simulatorForTheseTests, startWithClient, TestClient } from './support';

// Spec: Override commands and resulting modes; Command maps; requested_by; Errors 400/403; Limits (end time).
describe('override commands', () => {
  const server = simulatorForTheseTests({ site: privilegeSite(), statusFetchMs: 10, updatesTimeoutMs: 2_000 });

  // The first updates call answers at once; when the server first has to ask the hardware, the
  // next call brings the status.
  const flags = async (collection: string, id: string): Promise<string[]> => {
    const first = await server.client.get(`/api/${collection}/${id}/updates`);
    if (first.json.updates.statusFlags?.[0] !== 'controllerUnknown') return first.json.updates.statusFlags;
    return (await server.client.get(first.json.next.href)).json.updates.statusFlags;
  };
  const command = async (collection: string, id: string, key: string, body?: unknown, query = '') => {
    const detail = (await server.client.get(`/api/${collection}/${id}`)).json;
    const href = detail.commands?.[key]?.href;
    if (!href) throw new Error(`${collection}/${id} offers no ${key}`);
    return server.client.post(`${href}${query}`, body);
  };
  const inMinutes = (m: number) => new Date(server.sim.control.now() + m * 60_000).toISOString();

  it('offers every command of the command map for each type', async () => {
    const keys = async (collection: string, id: string) => Object.keys((await server.client.get(`/api/${collection}/${id}`)).json.commands).sort();
    expect(await keys('access_zones', 'az-n1')).toEqual(
      ['free', 'freeUntil', 'freePin', 'freePinUntil', 'secure', 'secureUntil', 'securePin', 'securePinUntil', 'codeOnly', 'codeOnlyUntil',
        'codeOnlyPin', 'codeOnlyPinUntil', 'dualAuth', 'dualAuthUntil', 'dualAuthPin', 'dualAuthPinUntil', 'forgiveAntiPassback',
        'setZoneCount', 'lockDown', 'cancelLockDown', 'cancel'].sort(),
    );
    expect(await keys('alarm_zones', 'alz-north')).toEqual(
      ['arm', 'armUntil', 'disarm', 'disarmUntil', 'user1', 'user1Until', 'user2', 'user2Until', 'cancel'].sort(),
    );
    expect(await keys('fence_zones', 'fz-east')).toEqual(['on', 'off', 'shunt', 'unshunt', 'highVoltage', 'lowFeel', 'cancel'].sort());
    expect(await keys('inputs', 'in-n-glass')).toEqual(['shunt', 'unshunt', 'isolate', 'deisolate'].sort());
    expect(await keys('interlock_groups', 'il-labs')).toEqual(['disable', 'enable']);
    const zone = (await server.client.get('/api/access_zones/az-n1')).json.commands;
    expect(zone.freeUntil.href).toBe(zone.free.href);
    const alarm = (await server.client.get('/api/alarm_zones/alz-north')).json.commands;
    expect(alarm.arm).toEqual({ href: `${server.sim.url}/api/alarm_zones/alz-north/arm`, name: expect.any(String) });
  });

  it('access zone modes, PIN variants, lockdown, cancel lockdown and cancel', async () => {
    expect(await flags('access_zones', 'az-n2')).toEqual(['secure']);
    expect((await command('access_zones', 'az-n2', 'freePin')).status).toBe(204);
    expect(await flags('access_zones', 'az-n2')).toEqual(['free', 'usePin']);
    await command('access_zones', 'az-n2', 'lockDown');
    expect(await flags('access_zones', 'az-n2')).toEqual(['lockedDown', 'secure', 'usePin']);
    // cancel does not cancel lockdown
    await command('access_zones', 'az-n2', 'cancel');
    expect(await flags('access_zones', 'az-n2')).toContain('lockedDown');
    await command('access_zones', 'az-n2', 'cancelLockDown');
    expect(await flags('access_zones', 'az-n2')).toEqual(['secure']);
    await command('access_zones', 'az-n2', 'codeOnly');
    expect(await flags('access_zones', 'az-n2')).toEqual(['codeOrCard']);
    await command('access_zones', 'az-n2', 'lockDown');
    await command('access_zones', 'az-n2', 'dualAuth');
    // another mode override ends a lockdown
    expect(await flags('access_zones', 'az-n2')).toEqual(['dualAuth']);
    await command('access_zones', 'az-n2', 'cancel');
    expect(await flags('access_zones', 'az-n2')).toEqual(['secure']);
  });

  it('a timed zone override ends at its end time and the zone returns to its schedule', async () => {
    expect((await command('access_zones', 'az-n1', 'freeUntil', { endTime: inMinutes(30) })).status).toBe(204);
    expect(await flags('access_zones', 'az-n1')).toEqual(['free']);
    server.sim.control.advanceTime(29 * 60_000);
    expect(await flags('access_zones', 'az-n1')).toEqual(['free']);
    server.sim.control.advanceTime(2 * 60_000);
    expect(await flags('access_zones', 'az-n1')).toEqual(['secure']);
  });

  it('refuses end times in the past or more than 24 h ahead, and bodies that are not JSON, with 400 and a reason', async () => {
    const past = await command('access_zones', 'az-n1', 'freeUntil', { endTime: inMinutes(-10) });
    expect(past.status).toBe(400);
    expect(past.json.message).toMatch(/in the past/);
    const far = await command('access_zones', 'az-n1', 'freeUntil', { endTime: inMinutes(24 * 60 + 5) });
    expect(far.status).toBe(400);
    expect(far.json.message).toMatch(/24 hours/);
    const garbled = await command('access_zones', 'az-n1', 'freeUntil', '{"endTime": ');
    expect(garbled.status).toBe(400);
    expect(garbled.json.message).toMatch(/not valid JSON/);
    const notADate = await command('access_zones', 'az-n1', 'freeUntil', { endTime: 'tomorrow' });
    expect(notADate.status).toBe(400);
    expect(await flags('access_zones', 'az-n1')).toEqual(['secure']);
  });

  it('untimed overrides end at the next scheduled change; timed ones and lockdown do not', async () => {
    await command('access_zones', 'az-plant', 'free');
    server.sim.control.patchItem('access_zones', 'az-plant', { scheduledMode: 'codeOrCard' });
    expect(await flags('access_zones', 'az-plant')).toEqual(['codeOrCard']);
    await command('access_zones', 'az-plant', 'freeUntil', { endTime: inMinutes(60) });
    server.sim.control.patchItem('access_zones', 'az-plant', { scheduledMode: 'secure' });
    expect(await flags('access_zones', 'az-plant')).toEqual(['free']);
    await command('access_zones', 'az-plant', 'lockDown');
    server.sim.control.patchItem('access_zones', 'az-plant', { scheduledMode: 'codeOrCard' });
    expect(await flags('access_zones', 'az-plant')).toEqual(['lockedDown', 'secure']);
    await command('access_zones', 'az-plant', 'cancelLockDown');
    await command('access_zones', 'az-plant', 'cancel');
    expect(await flags('access_zones', 'az-plant')).toEqual(['codeOrCard']);
    await command('alarm_zones', 'alz-perimeter', 'disarm');
    server.sim.control.patchItem('alarm_zones', 'alz-perimeter', { scheduledState: 'user2' });
    expect((await flags('alarm_zones', 'alz-perimeter'))[0]).toBe('user2');
    await command('fence_zones', 'fz-west', 'off');
    server.sim.control.patchItem('fence_zones', 'fz-west', { scheduledPower: 'on' });
    expect(await flags('fence_zones', 'fz-west')).toEqual(['on', 'lowFeel']);
  });

  it('a zone without a schedule keeps an untimed mode, refuses a timed one, and ignores cancel', async () => {
    expect(await flags('access_zones', 'az-s2')).toEqual(['secure']);
    const timed = await command('access_zones', 'az-s2', 'freeUntil', { endTime: inMinutes(10) });
    expect(timed.status).toBe(400);
    expect(timed.json.message).toMatch(/no schedule/);
    await command('access_zones', 'az-s2', 'free');
    await command('access_zones', 'az-s2', 'cancel');
    expect(await flags('access_zones', 'az-s2')).toEqual(['free']);
  });

  it('setZoneCount sets the count; a non-integer is 400', async () => {
    expect((await command('access_zones', 'az-labs', 'setZoneCount', { zoneCount: 12 })).status).toBe(204);
    expect((await server.client.get('/api/access_zones/az-labs?fields=zoneCount')).json.zoneCount).toBe(12);
    expect((await command('access_zones', 'az-labs', 'setZoneCount', { zoneCount: 'many' })).status).toBe(400);
    expect((await command('access_zones', 'az-labs', 'forgiveAntiPassback')).status).toBe(204);
  });

  it('alarm zones: arm, disarm, user1, user2, timed variants and cancel', async () => {
    expect(await flags('alarm_zones', 'alz-north')).toEqual(['disarmed']);
    await command('alarm_zones', 'alz-north', 'user1');
    expect(await flags('alarm_zones', 'alz-north')).toEqual(['user1']);
    await command('alarm_zones', 'alz-north', 'armUntil', { endTime: inMinutes(5) });
    expect(await flags('alarm_zones', 'alz-north')).toEqual(['armed']);
    server.sim.control.advanceTime(6 * 60_000);
    expect(await flags('alarm_zones', 'alz-north')).toEqual(['disarmed']);
    await command('alarm_zones', 'alz-north', 'user2');
    await command('alarm_zones', 'alz-north', 'cancel');
    expect(await flags('alarm_zones', 'alz-north')).toEqual(['disarmed']);
    // No schedule: no natural state, so no timed override.
    expect((await command('alarm_zones', 'alz-south', 'disarmUntil', { endTime: inMinutes(5) })).status).toBe(400);
    await command('alarm_zones', 'alz-south', 'disarm');
    expect(await flags('alarm_zones', 'alz-south')).toEqual(['disarmed']);
  });

  it('fence zones: off, on, low feel, high voltage, shunt, unshunt, cancel', async () => {
    expect(await flags('fence_zones', 'fz-east')).toEqual(['on', 'highVoltage', 'voltageKnown']);
    await command('fence_zones', 'fz-east', 'off');
    expect(await flags('fence_zones', 'fz-east')).toEqual(['off', 'highVoltage', 'overridden']);
    await command('fence_zones', 'fz-east', 'lowFeel');
    expect(await flags('fence_zones', 'fz-east')).toEqual(['off', 'lowFeel', 'overridden']);
    await command('fence_zones', 'fz-east', 'shunt');
    expect(await flags('fence_zones', 'fz-east')).toEqual(['notPolled']);
    await command('fence_zones', 'fz-east', 'unshunt');
    await command('fence_zones', 'fz-east', 'cancel');
    server.sim.control.advanceTime(1_000);
    expect(await flags('fence_zones', 'fz-east')).toEqual(['on', 'highVoltage', 'voltageKnown']);
    await command('fence_zones', 'fz-east', 'highVoltage');
    expect(await flags('fence_zones', 'fz-east')).toContain('overridden');
  });

  it('inputs: shunt, unshunt, isolate, deisolate', async () => {
    await command('inputs', 'in-s-roller', 'isolate');
    expect(await flags('inputs', 'in-s-roller')).toEqual(['closed', 'isolated']);
    await command('inputs', 'in-s-roller', 'shunt');
    expect(await flags('inputs', 'in-s-roller')).toEqual(['notPolled']);
    await command('inputs', 'in-s-roller', 'unshunt');
    await command('inputs', 'in-s-roller', 'deisolate');
    expect(await flags('inputs', 'in-s-roller')).toEqual(['closed']);
  });

  it('interlock groups: disable and enable', async () => {
    await command('interlock_groups', 'il-labs', 'disable');
    expect(await flags('interlock_groups', 'il-labs')).toEqual(['overridden']);
    await command('interlock_groups', 'il-labs', 'enable');
    expect(await flags('interlock_groups', 'il-labs')).toEqual(['secure']);
  });

  it('macros: run is offered only to operators who may run the macro', async () => {
    const runner = new TestClient(server.sim, { authorization: `GGL-API-KEY ${KEYS.macros}` });
    const desk = (await server.client.get('/api/macros/m-fire')).json;
    expect(desk.commands.run).toBeUndefined();
    expect((await server.client.post('/api/macros/m-fire/run')).status).toBe(403);
    const theirs = (await runner.get('/api/macros/m-fire')).json;
    expect((await runner.post(theirs.commands.run.href)).status).toBe(204);
    expect((await server.client.get('/api/macros/m-lights')).json.commands.run.href).toMatch(/\/run$/);
    await runner.close();
  });

  it('requested_by attributes the override to the cardholder, naming the operator too (8.70+)', async () => {
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    expect((await command('doors', 'd-n1-east', 'open', undefined, '?requested_by=ch-guard')).status).toBe(204);
    expect(server.sim.control.events(since)).toEqual([
      expect.objectContaining({ type: 'override', command: 'open', operator: 'ch-desk', requestedBy: 'ch-guard' }),
    ]);
  });

  it("requested_by needs 'Delegate API Activity' in the cardholder's division (403), and a real cardholder (400)", async () => {
    const noDelegate = new TestClient(server.sim, { authorization: `GGL-API-KEY ${KEYS.noDelegate}` });
    const refused = await noDelegate.post('/api/access_zones/az-n1/secure?requested_by=ch-guard');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/Delegate API Activity/);
    await noDelegate.close();
    expect((await server.client.post('/api/access_zones/az-n1/secure?requested_by=nobody-here')).status).toBe(400);
  });

  it('shunts need Maintenance Override; a missing privilege is 403 with its name', async () => {
    const north = new TestClient(server.sim, { authorization: `GGL-API-KEY ${KEYS.noDelegate}` });
    const reply = await north.post('/api/inputs/in-n-glass/shunt');
    expect(reply.status).toBe(403);
    expect(reply.json.message).toMatch(/Maintenance Override/);
    await north.close();
  });

  // cc_rest.yaml: AlarmZoneDetail.commands.*.name is the state's name ("Armed", "Disarmed", "User1", "User2"),
  // the same on the Until key; /api/alarm_zones/{id}/armHighVoltage and /armLowFeel exist where a fence zone
  // directs its events to the alarm zone (tag Alarm Zones), each with an Until twin.
  it('alarm zone commands carry the state names; the fence modes are offered only where a fence reports to the zone', async () => {
    const perimeter = (await server.client.get('/api/alarm_zones/alz-perimeter')).json.commands;
    expect(Object.keys(perimeter).sort()).toEqual(
      ['arm', 'armUntil', 'disarm', 'disarmUntil', 'user1', 'user1Until', 'user2', 'user2Until',
        'armHighVoltage', 'armHighVoltageUntil', 'armLowFeel', 'armLowFeelUntil', 'cancel'].sort(),
    );
    const names = Object.fromEntries(Object.entries(perimeter as Record<string, { name?: string }>).map(([k, v]) => [k, v.name]));
    expect(names).toEqual({
      arm: 'Armed', armUntil: 'Armed', disarm: 'Disarmed', disarmUntil: 'Disarmed', user1: 'User1', user1Until: 'User1',
      user2: 'User2', user2Until: 'User2', armHighVoltage: 'Armed - High Voltage', armHighVoltageUntil: 'Armed - High Voltage',
      armLowFeel: 'Armed - Low Feel', armLowFeelUntil: 'Armed - Low Feel', cancel: undefined,
    });
    expect(perimeter.armLowFeelUntil.href).toBe(`${server.sim.url}/api/alarm_zones/alz-perimeter/armLowFeel`);
    const north = (await server.client.get('/api/alarm_zones/alz-north')).json.commands;
    expect(north).not.toHaveProperty('armHighVoltage');
    expect((await server.client.post('/api/alarm_zones/alz-north/armHighVoltage')).status).toBe(404);
  });

  it('armLowFeel and armHighVoltage arm the zone and drive its fence to that level; the Until form ends with its time', async () => {
    server.sim.control.patchItem('alarm_zones', 'alz-perimeter', { scheduledState: 'disarmed' });
    expect(await flags('alarm_zones', 'alz-perimeter')).toEqual(['disarmed', 'highVoltage']);
    expect((await command('alarm_zones', 'alz-perimeter', 'armLowFeel')).status).toBe(204);
    expect(await flags('alarm_zones', 'alz-perimeter')).toEqual(['armed', 'lowFeel']);
    expect(await flags('fence_zones', 'fz-east')).toContain('lowFeel');
    await command('alarm_zones', 'alz-perimeter', 'disarm');
    expect((await command('alarm_zones', 'alz-perimeter', 'armHighVoltageUntil', { endTime: inMinutes(5) })).status).toBe(204);
    expect(await flags('alarm_zones', 'alz-perimeter')).toEqual(['armed', 'highVoltage']);
    server.sim.control.advanceTime(6 * 60_000);
    expect((await flags('alarm_zones', 'alz-perimeter'))[0]).toBe('disarmed');
    await command('fence_zones', 'fz-east', 'cancel');
    await command('alarm_zones', 'alz-perimeter', 'cancel');
  });

  // cc_rest.yaml: OverrideEndTime: "it will treat the override as having no end time if ... you send a blank string".
  it('a blank endTime is no end time: the override is untimed, even on a zone without a schedule', async () => {
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    expect((await command('alarm_zones', 'alz-south', 'user1Until', { endTime: '' })).status).toBe(204);
    expect(await flags('alarm_zones', 'alz-south')).toEqual(['user1']);
    const [event] = server.sim.control.events(since);
    expect(event).toMatchObject({ type: 'override', command: 'user1' });
    expect(event).not.toHaveProperty('endTime');
    expect((await command('alarm_zones', 'alz-south', 'armUntil', { endTime: 'soon' })).status).toBe(400);
    await command('alarm_zones', 'alz-south', 'arm');
  });
});

describe('requested_by before 8.70', () => {
  it('is ignored: the override is attributed to the operator', async () => {
    const { sim, client } = await startWithClient({ version: '8.60' });
    expect((await client.post('/api/doors/d-n1-east/open?requested_by=nobody-here')).status).toBe(204);
    expect(sim.control.events().at(-1)).not.toHaveProperty('requestedBy');
    await client.close();
    await sim.stop();
  });
});
