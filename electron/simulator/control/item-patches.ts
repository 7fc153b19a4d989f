import { z } from 'zod';
import { LiveAccessZone } from '../model/access-zone';
import { LiveAlarmZone } from '../model/alarm-zone';
import { LiveDoor } from '../model/door';
import { LiveFenceZone } from '../model/fence-zone';
import { LiveInput } from '../model/input';
import { LiveInterlockGroup } from '../model/interlock-group';
import type { LiveItem } from '../model/live-item';
import { LiveOutput } from '../model/output';

/** Faults any item can be put into. */
const Faults = {
  deviceNotResponding: z.boolean(),
  encryptionKeysTampered: z.boolean(),
  remoteServerOffline: z.boolean(),
};

export const DoorPatch = z
  .object({ open: z.boolean(), locked: z.boolean(), forced: z.boolean(), openTooLong: z.boolean(), tamper: z.boolean(), ...Faults })
  .partial()
  .strict();
const AccessZonePatch = z
  .object({ zoneCount: z.number().int(), scheduledMode: z.enum(['secure', 'dualAuth', 'codeOrCard', 'free']), ...Faults })
  .partial()
  .strict();
const AlarmZonePatch = z
  .object({ delay: z.enum(['entryDelay', 'exitDelay', 'none']), scheduledState: z.enum(['armed', 'disarmed', 'user1', 'user2']), ...Faults })
  .partial()
  .strict();
const FenceZonePatch = z
  .object({
    voltage: z.number().int(),
    scheduledPower: z.enum(['on', 'off']),
    deterrentUnknown: z.boolean(), hVPlusMode: z.boolean(), serviceMode: z.boolean(), alert: z.boolean(),
    warning: z.boolean(), preArm: z.boolean(), lockedOut: z.boolean(), parentAlert: z.boolean(),
    ...Faults,
  })
  .partial()
  .strict();
const InputPatch = z.object({ open: z.boolean(), tamper: z.boolean(), ...Faults }).partial().strict();
const InterlockPatch = z.object({ forced: z.boolean(), ...Faults }).partial().strict();
/** `on`: the state the site's own logic drives the relay to (an override still wins). */
const OutputPatch = z.object({ on: z.boolean(), relayStateUnknown: z.boolean(), switchingDisabled: z.boolean(), ...Faults }).partial().strict();
const MacroPatch = z.object({ ...Faults }).partial().strict();

type Outcome = string | undefined;

/**
 * Applies a control API patch of physical state to an item of any type. Returns a reason when the
 * patch is not possible, and throws the schema's error when its shape is wrong.
 */
export function applyItemPatch(item: LiveItem, patch: unknown, parse: <T>(schema: z.ZodType<T>, v: unknown) => T): Outcome {
  const faults = (p: Partial<Record<keyof typeof Faults, boolean>>) => {
    for (const key of Object.keys(Faults) as (keyof typeof Faults)[]) if (p[key] !== undefined) item.faults[key] = p[key];
    item.changed();
  };
  if (item instanceof LiveDoor) {
    const p = parse(DoorPatch, patch);
    faults(p);
    item.setPhysical(p);
    return undefined;
  }
  if (item instanceof LiveAccessZone) {
    const p = parse(AccessZonePatch, patch);
    faults(p);
    if (p.zoneCount !== undefined) item.setZoneCount(p.zoneCount);
    if (p.scheduledMode !== undefined) item.scheduleChange(p.scheduledMode);
    return undefined;
  }
  if (item instanceof LiveAlarmZone) {
    const p = parse(AlarmZonePatch, patch);
    faults(p);
    if (p.delay !== undefined) item.setDelay(p.delay === 'none' ? undefined : p.delay);
    if (p.scheduledState !== undefined) item.scheduleChange(p.scheduledState);
    return undefined;
  }
  if (item instanceof LiveFenceZone) {
    const { voltage, scheduledPower, ...rest } = parse(FenceZonePatch, patch);
    faults(rest);
    if (scheduledPower !== undefined) item.scheduleChange(scheduledPower);
    const { deviceNotResponding: _d, encryptionKeysTampered: _e, remoteServerOffline: _r, ...conditions } = rest;
    item.setConditions(conditions, voltage);
    return undefined;
  }
  if (item instanceof LiveInput) {
    const p = parse(InputPatch, patch);
    faults(p);
    return item.setPhysical(p);
  }
  if (item instanceof LiveInterlockGroup) {
    const p = parse(InterlockPatch, patch);
    faults(p);
    if (p.forced !== undefined) item.setForced(p.forced);
    return undefined;
  }
  if (item instanceof LiveOutput) {
    const { on, relayStateUnknown, switchingDisabled, ...rest } = parse(OutputPatch, patch);
    faults(rest);
    item.setDriven({ on, relayStateUnknown, switchingDisabled });
    return undefined;
  }
  faults(parse(MacroPatch, patch));
  return undefined;
}
