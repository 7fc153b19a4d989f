import { afterEach, describe, expect, it } from 'vitest';
import { LiveAccessZone } from '../../../electron/simulator/model/access-zone';
import { LiveAlarmZone } from '../../../electron/simulator/model/alarm-zone';
import { LiveDoor } from '../../../electron/simulator/model/door';
import { LiveFenceZone } from '../../../electron/simulator/model/fence-zone';
import { LiveInput } from '../../../electron/simulator/model/input';
import { LiveInterlockGroup } from '../../../electron/simulator/model/interlock-group';
import type { Collection, LiveItem } from '../../../electron/simulator/model/live-item';
import { LiveMacro } from '../../../electron/simulator/model/macro';
import type { World } from '../../../electron/simulator/model/world';
import { demoWorld } from './world';

// Spec: Status flags by item type — every rule, checked on the live model.
let world: World;
afterEach(() => world?.clock.stop());

function get<T extends LiveItem>(collection: Collection, id: string, type: abstract new (...args: never[]) => T): T {
  const item = world.item(collection, id);
  if (!(item instanceof type)) throw new Error(`${collection}/${id} missing`);
  return item;
}
const exactlyOne = (flags: string[], set: string[]) => flags.filter((f) => set.includes(f)).length === 1;

describe('abnormal flags', () => {
  it('show alone, in priority order, over the type flags', () => {
    world = demoWorld();
    const input = get('inputs', 'in-n-glass', LiveInput);
    input.setShunted(true);
    expect(input.currentFlags()).toEqual(['notPolled']);
    input.faults.deviceNotResponding = true;
    expect(input.currentFlags()).toEqual(['notPolled']);
    world.setControllerOnline('ctl-north', false);
    expect(input.currentFlags()).toEqual(['controllerOffline']);
    world.setProcessOnline(false);
    expect(input.currentFlags()).toEqual(['processOffline']);
    input.faults.remoteServerOffline = true;
    expect(input.currentFlags()).toEqual(['remoteServerOffline']);
  });

  it('pair deviceNotResponding with encryptionKeysTampered, and nothing else', () => {
    world = demoWorld();
    const door = get('doors', 'd-plant', LiveDoor);
    door.faults.deviceNotResponding = true;
    door.faults.encryptionKeysTampered = true;
    expect(door.currentFlags()).toEqual(['deviceNotResponding', 'encryptionKeysTampered']);
  });

  it('pages say unknown while nobody watches, updates say controllerUnknown while fetching', () => {
    world = demoWorld();
    const door = get('doors', 'd-plant', LiveDoor);
    expect(door.pageFlags()).toEqual(['unknown']);
    door.refreshWatch();
    expect(door.updateFlags()).toEqual(['controllerUnknown']);
    world.clock.advance(100);
    expect(door.updateFlags()).toEqual(['closed', 'locked', 'secure']);
    expect(door.pageFlags()).toEqual(['closed', 'locked', 'secure']);
    world.clock.advance(61_000);
    expect(door.pageFlags()).toEqual(['unknown']);
    world.setControllerOnline('ctl-grounds', false);
    expect(door.pageFlags()).toEqual(['controllerOffline']);
  });
});

describe('door flags', () => {
  it('exactly one of closed/open, locked/unlocked, secure/free in every physical state', () => {
    world = demoWorld();
    const door = get('doors', 'd-n1-east', LiveDoor);
    for (const open of [false, true]) {
      for (const locked of [false, true]) {
        door.setPhysical({ open, locked });
        const flags = door.currentFlags();
        expect(exactlyOne(flags, ['closed', 'open'])).toBe(true);
        expect(exactlyOne(flags, ['locked', 'unlocked'])).toBe(true);
        expect(exactlyOne(flags, ['secure', 'free'])).toBe(true);
      }
    }
  });

  it('a door into a free zone is free and unlocked; secure/free do not change when it opens', () => {
    world = demoWorld();
    const door = get('doors', 'd-lobby-main', LiveDoor);
    expect(door.currentFlags()).toEqual(['closed', 'unlocked', 'free']);
    door.physicallyOpen();
    expect(door.currentFlags()).toEqual(['open', 'unlocked', 'free']);
    get('access_zones', 'az-lobby', LiveAccessZone).lockDown();
    expect(door.currentFlags()).toEqual(['open', 'locked', 'secure']);
  });

  it('opening a locked door forces it; closing clears forced and open too long', () => {
    world = demoWorld();
    const door = get('doors', 'd-s1-dock', LiveDoor);
    door.physicallyOpen();
    expect(door.currentFlags()).toContain('forced');
    world.clock.advance(121_000);
    expect(door.currentFlags()).toContain('openTooLong');
    door.physicallyClose();
    expect(door.currentFlags()).toEqual(['closed', 'locked', 'secure']);
  });

  it('a door without an open sensor always reports closed', () => {
    world = demoWorld();
    const door = get('doors', 'd-s2-fire', LiveDoor);
    door.physicallyOpen();
    expect(door.currentFlags()).toContain('closed');
  });
});

describe('access zone flags', () => {
  const modes = ['secure', 'dualAuth', 'codeOrCard', 'free'];

  it('(1) online and not locked down: exactly one of secure, dualAuth, codeOrCard, free', () => {
    world = demoWorld();
    const zone = get('access_zones', 'az-n1', LiveAccessZone);
    for (const mode of modes) {
      zone.setMode(mode as 'free', false);
      expect(zone.currentFlags().filter((f) => modes.includes(f))).toEqual([mode]);
    }
  });

  it('(2) locked down: exactly one of secure or dualAuth, never codeOrCard or free; back to the mode after', () => {
    world = demoWorld();
    const zone = get('access_zones', 'az-n1', LiveAccessZone);
    zone.setMode('free', true);
    zone.lockDown();
    expect(zone.currentFlags()).toEqual(['lockedDown', 'secure', 'usePin']);
    zone.cancelLockDown();
    expect(zone.currentFlags()).toEqual(['free', 'usePin']);
    zone.setMode('dualAuth', false);
    zone.lockDown();
    expect(zone.currentFlags()).toEqual(['lockedDown', 'dualAuth']);
  });

  it('(3) thirdPartyOutputOnly alone; mobileZone only with secure', () => {
    world = demoWorld();
    expect(get('access_zones', 'az-lockers', LiveAccessZone).currentFlags()).toEqual(['thirdPartyOutputOnly']);
    expect(get('access_zones', 'az-bikes', LiveAccessZone).currentFlags()).toEqual(['mobileZone', 'secure']);
  });

  it('a zone with neither doors, third-party output nor mobile reader is unconfigured', () => {
    const site = JSON.parse(JSON.stringify(demoWorld().site));
    site.accessZones.push({ id: 'az-empty', name: 'Empty', division: 'root' });
    world = demoWorld('9.40', site);
    expect(get('access_zones', 'az-empty', LiveAccessZone).currentFlags()).toEqual(['unconfigured']);
  });

  it('(4) zoneCountInGrace comes with exactly one of too high / too low, then settles', () => {
    world = demoWorld();
    const zone = get('access_zones', 'az-labs', LiveAccessZone);
    zone.setZoneCount(11);
    expect(zone.currentFlags()).toEqual(['secure', 'usePin', 'zoneCountTooHigh', 'zoneCountInGrace']);
    world.clock.advance(30_000);
    expect(zone.currentFlags()).toEqual(['secure', 'usePin', 'zoneCountTooHigh']);
    zone.setZoneCount(-1);
    expect(zone.currentFlags()).toEqual(['secure', 'usePin', 'zoneCountTooLow', 'zoneCountInGrace']);
  });
});

describe('alarm zone flags', () => {
  it('exactly one of armed, disarmed, user1, user2; the attached fence mode; delays never together', () => {
    world = demoWorld();
    const zone = get('alarm_zones', 'alz-perimeter', LiveAlarmZone);
    expect(zone.currentFlags()).toEqual(['armed', 'highVoltage']);
    zone.setDelay('exitDelay');
    zone.setDelay('entryDelay');
    expect(zone.currentFlags()).toEqual(['armed', 'entryDelay', 'highVoltage']);
    get('fence_zones', 'fz-east', LiveFenceZone).setLevel('lowFeel');
    expect(zone.currentFlags()).toEqual(['armed', 'entryDelay', 'lowFeel']);
    expect(get('alarm_zones', 'alz-north', LiveAlarmZone).currentFlags()).toEqual(['disarmed']);
  });
});

describe('fence zone flags', () => {
  it('on: on plus one of lowFeel, highVoltage, hVPlusMode; off: off plus one of lowFeel, highVoltage', () => {
    world = demoWorld();
    const fence = get('fence_zones', 'fz-east', LiveFenceZone);
    expect(fence.currentFlags()).toEqual(['on', 'highVoltage', 'voltageKnown']);
    fence.setConditions({ hVPlusMode: true });
    expect(fence.currentFlags()).toEqual(['on', 'hVPlusMode', 'voltageKnown']);
    fence.setPower('off');
    expect(fence.currentFlags()).toEqual(['off', 'highVoltage', 'overridden']);
  });

  it('voltage is known only after a pulse since the zone turned on', () => {
    world = demoWorld();
    const fence = get('fence_zones', 'fz-west', LiveFenceZone);
    fence.setPower('off');
    fence.setPower('on');
    expect(fence.currentFlags()).not.toContain('voltageKnown');
    world.clock.advance(1_000);
    expect(fence.currentFlags()).toContain('voltageKnown');
  });

  it('deterrentUnknown replaces on/off; alert and warning never together; shunted shows only notPolled', () => {
    world = demoWorld();
    const fence = get('fence_zones', 'fz-west', LiveFenceZone);
    fence.setConditions({ alert: true });
    fence.setConditions({ warning: true });
    expect(fence.currentFlags().filter((f) => f === 'alert' || f === 'warning')).toEqual(['warning']);
    fence.setConditions({ deterrentUnknown: true });
    expect(fence.currentFlags().filter((f) => ['on', 'off', 'deterrentUnknown'].includes(f))).toEqual(['deterrentUnknown']);
    fence.setShunted(true);
    expect(fence.currentFlags()).toEqual(['notPolled']);
  });
});

describe('input flags', () => {
  it('exactly one of open/closed, with tamper on three- and four-state inputs only', () => {
    world = demoWorld();
    const three = get('inputs', 'in-n-glass', LiveInput);
    expect(three.setPhysical({ open: true, tamper: true })).toBeUndefined();
    expect(three.currentFlags()).toEqual(['open', 'tamper']);
    const two = get('inputs', 'in-gate-beam', LiveInput);
    expect(two.setPhysical({ tamper: true })).toMatch(/two-state/);
    two.setIsolated(true);
    expect(two.currentFlags()).toEqual(['closed', 'isolated']);
  });
});

describe('interlock group flags', () => {
  it('one flag: forced, else overridden, else open (a member door open), else secure', () => {
    world = demoWorld();
    const group = get('interlock_groups', 'il-labs', LiveInterlockGroup);
    expect(group.currentFlags()).toEqual(['secure']);
    get('doors', 'd-labs-outer', LiveDoor).setPhysical({ open: true });
    expect(group.currentFlags()).toEqual(['open']);
    group.setDisabled(true);
    expect(group.currentFlags()).toEqual(['overridden']);
    group.setForced(true);
    expect(group.currentFlags()).toEqual(['forced']);
  });
});

describe('macro flags', () => {
  it.each([
    ['9.30', ['closed']],
    ['9.20', []],
  ])('at %s a running macro shows %j, and none once done', (version, running) => {
    world = demoWorld(version);
    const macro = get('macros', 'm-lights', LiveMacro);
    expect(macro.currentFlags()).toEqual([]);
    macro.run();
    expect(macro.currentFlags()).toEqual(running);
    world.clock.advance(1_000);
    expect(macro.currentFlags()).toEqual([]);
  });
});
