/**
 * The event types the simulated server raises, each in one event group. Ids follow the vendor's
 * scheme (cc_rest.yaml /api/events: group ids in the hundreds, type ids in the thousands) but are the
 * simulator's own. `priority` is the default a site file can change per kind; `twoPart` kinds are
 * stateful alarms that stay `active` until the condition that raised them is restored.
 */
export interface EventKind {
  key: KindKey;
  typeId: string;
  name: string;
  group: { id: string; name: string };
  priority: number;
  twoPart: boolean;
  /** Whether the event can reveal a cardholder's location (`type=hasLocation`, 9.00). */
  hasLocation?: boolean;
}

const DOORS = { id: '101', name: 'Door alarms' };
const TAMPER = { id: '102', name: 'Tamper' };
const ACCESS = { id: '103', name: 'Card access' };
const ZONES = { id: '104', name: 'Zone alarms' };
const FENCES = { id: '105', name: 'Fence alarms' };
const INPUTS = { id: '106', name: 'Inputs' };
const HARDWARE = { id: '107', name: 'Hardware communication' };
const OPERATORS = { id: '108', name: 'Operator activity' };
const REST = { id: '109', name: 'REST interface' };
const EXTERNAL = { id: '110', name: 'External events' };

export const KIND_KEYS = [
  'forcedDoor', 'doorOpenTooLong', 'tamper', 'accessGranted', 'accessDenied', 'zoneAlarm', 'zoneCount',
  'fenceAlarm', 'inputOpened', 'controllerOffline', 'override', 'cardholderChanged', 'restAuthFailure',
  'restFlood', 'external',
] as const;
export type KindKey = (typeof KIND_KEYS)[number];

const kind = (key: KindKey, typeId: string, name: string, group: EventKind['group'], priority: number, twoPart = false, hasLocation = false): EventKind => ({
  key, typeId, name, group, priority, twoPart, ...(hasLocation ? { hasLocation } : {}),
});

export const EVENT_KINDS: Readonly<Record<KindKey, EventKind>> = {
  forcedDoor: kind('forcedDoor', '20001', 'Door forced open', DOORS, 8, true),
  doorOpenTooLong: kind('doorOpenTooLong', '20002', 'Door open too long', DOORS, 6, true),
  tamper: kind('tamper', '20003', 'Tamper', TAMPER, 7, true),
  accessGranted: kind('accessGranted', '20010', 'Card access granted', ACCESS, 1, false, true),
  accessDenied: kind('accessDenied', '20011', 'Card access denied', ACCESS, 1, false, true),
  zoneAlarm: kind('zoneAlarm', '20020', 'Alarm zone alarm', ZONES, 7, true),
  zoneCount: kind('zoneCount', '20021', 'Zone count out of range', ZONES, 4, true),
  fenceAlarm: kind('fenceAlarm', '20030', 'Fence alarm', FENCES, 8, true),
  inputOpened: kind('inputOpened', '20040', 'Input opened', INPUTS, 1, true),
  controllerOffline: kind('controllerOffline', '20050', 'Controller offline', HARDWARE, 6, true),
  override: kind('override', '20060', 'Override', OPERATORS, 1),
  cardholderChanged: kind('cardholderChanged', '20061', 'Cardholder modified', OPERATORS, 1),
  restAuthFailure: kind('restAuthFailure', '20070', 'REST connection refused', REST, 5),
  restFlood: kind('restFlood', '20071', 'REST requests refused in bulk', REST, 9),
  external: kind('external', '20080', 'External alarm', EXTERNAL, 5),
};

export function kindByTypeId(typeId: string): EventKind | undefined {
  return Object.values(EVENT_KINDS).find((k) => k.typeId === typeId);
}

/** The event groups with their types, in id order (`GET /api/events/groups`). */
export function eventGroups(): { id: string; name: string; types: EventKind[] }[] {
  const groups = new Map<string, { id: string; name: string; types: EventKind[] }>();
  for (const k of Object.values(EVENT_KINDS)) {
    const g = groups.get(k.group.id) ?? { ...k.group, types: [] };
    g.types.push(k);
    groups.set(k.group.id, g);
  }
  return [...groups.values()].sort((a, b) => Number(a.id) - Number(b.id));
}
