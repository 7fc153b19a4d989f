import { afterEach, describe, expect, it } from 'vitest';
import { LiveOutput } from '../../../electron/simulator/model/output';
import { statusTextOf } from '../../../electron/simulator/model/status-text';
import type { World } from '../../../electron/simulator/model/world';
import { demoWorld } from './world';

// cc_rest.yaml, Outputs: closed = on, open = off; a pulse stays on for its pulse time (only an 'off'
// override cuts it short); an override ends at its end time or on cancel; overridden may appear offline.
let world: World;
afterEach(() => world?.clock.stop());

function output(id: string): LiveOutput {
  const item = world.item('outputs', id);
  if (!(item instanceof LiveOutput)) throw new Error(`outputs/${id} missing`);
  return item;
}

describe('simulated output', () => {
  it('starts in the state its site file gives: off unless `on`', () => {
    world = demoWorld();
    expect(output('out-n-siren').currentFlags()).toEqual(['open']);
    expect(output('out-labs-extract').currentFlags()).toEqual(['closed']);
  });

  it('on and off overrides hold until cancelled, then the site logic rules again', () => {
    world = demoWorld();
    const siren = output('out-n-siren');
    siren.overrideTo(true);
    expect(siren.currentFlags()).toEqual(['closed', 'overridden']);
    world.clock.advance(24 * 3_600_000);
    expect(siren.currentFlags()).toEqual(['closed', 'overridden']);
    siren.cancel();
    expect(siren.currentFlags()).toEqual(['open']);
    const fan = output('out-labs-extract');
    fan.overrideTo(false);
    expect(fan.currentFlags()).toEqual(['open', 'overridden']);
  });

  it('a timed override ends by itself at its end time', () => {
    world = demoWorld();
    const siren = output('out-n-siren');
    siren.overrideTo(true, world.clock.now() + 60_000);
    world.clock.advance(59_000);
    expect(siren.currentFlags()).toEqual(['closed', 'overridden']);
    world.clock.advance(1_500);
    expect(siren.currentFlags()).toEqual(['open']);
  });

  it('a pulse is on for the pulse time, then off; the site logic cannot end it early, an off override can', () => {
    world = demoWorld();
    const gate = output('out-s-dock'); // pulseSeconds 3 in the demo site
    gate.pulse();
    expect(gate.currentFlags()).toEqual(['closed', 'pulsed', 'overridden']);
    gate.setDriven({ on: false });
    // The clock runs on real time too: keep a margin either side of the three seconds.
    world.clock.advance(2_500);
    expect(gate.currentFlags()).toEqual(['closed', 'pulsed', 'overridden']);
    world.clock.advance(600);
    expect(gate.currentFlags()).toEqual(['open']);
    gate.pulse();
    gate.overrideTo(false);
    expect(gate.currentFlags()).toEqual(['open', 'overridden']);
    world.clock.advance(5_000);
    expect(gate.currentFlags()).toEqual(['open', 'overridden']);
  });

  it('an output not set to pulse ignores a pulse', () => {
    world = demoWorld();
    const siren = output('out-n-siren');
    expect(siren.pulses).toBe(false);
    siren.pulse();
    expect(siren.currentFlags()).toEqual(['open']);
  });

  it('keeps overridden beside an abnormal flag, and only that', () => {
    world = demoWorld();
    const siren = output('out-n-siren');
    siren.setDriven({ switchingDisabled: true });
    world.setControllerOnline('ctl-north', false);
    expect(siren.currentFlags()).toEqual(['controllerOffline']);
    siren.overrideTo(true);
    expect(siren.currentFlags()).toEqual(['controllerOffline', 'overridden']);
    world.setControllerOnline('ctl-north', true);
    expect(siren.currentFlags()).toEqual(['closed', 'switchingDisabled', 'overridden']);
  });

  it('reports relayStateUnknown instead of closed/open when the control API says so', () => {
    world = demoWorld();
    const strobe = output('out-park-strobe');
    strobe.setDriven({ relayStateUnknown: true, on: true });
    expect(strobe.currentFlags()).toEqual(['relayStateUnknown']);
    strobe.setDriven({ relayStateUnknown: false });
    expect(strobe.currentFlags()).toEqual(['closed']);
  });

  it('words its status text as a relay: On and Off', () => {
    world = demoWorld();
    const siren = output('out-n-siren');
    expect(statusTextOf(siren.currentFlags(), siren.statusWords())).toBe('Off');
    siren.overrideTo(true);
    expect(statusTextOf(siren.currentFlags(), siren.statusWords())).toBe('On\nOverridden');
  });
});
