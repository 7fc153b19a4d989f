import type { z } from 'zod';
import {
  AccessZone,
  AlarmZone,
  DayCategory,
  Door,
  ElevatorGroup,
  FenceZone,
  Input,
  InterlockGroup,
  Macro,
  Output,
  PassengerElevatorGroup,
} from './item-schemas';

/** The ten item types of docs/server-endpoints.md §Endpoints (plus the passenger elevator search, which has its own shape). */
export type ItemTypeKey =
  | 'accessZone'
  | 'alarmZone'
  | 'dayCategory'
  | 'door'
  | 'elevatorGroup'
  | 'fenceZone'
  | 'input'
  | 'interlockGroup'
  | 'macro'
  | 'output';

export interface ItemType<S extends z.ZodType = z.ZodType> {
  key: ItemTypeKey;
  /** What errors call it, e.g. "Door". */
  label: string;
  /** `group.name` of the collection link in `GET /api` features. */
  feature: string;
  schema: S;
  /** The type's row of docs/server-interface.md §Fields by type; a `fields` list is checked against it. */
  fields: readonly string[];
  /** Fields the client always asks for when it selects fields, so the answer is still an item. */
  identity: readonly string[];
  /** Day categories take no division or description filters. */
  divisionFilters: boolean;
  /** The updates-call `fields` that carry status, or undefined when the type has no updates call / no list is given. */
  updateFields?: readonly string[];
}

const STATUS_ITEM = [
  'href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController',
  'statusFlags', 'statusText', 'status', 'notes', 'updates',
] as const;
const STATUS_UPDATES = ['status', 'statusText', 'statusFlags'] as const;
const WITH_ID = ['href', 'id', 'name'] as const;

function type<S extends z.ZodType>(info: ItemType<S>): ItemType<S> {
  return info;
}

export const ITEM_TYPES = {
  accessZone: type({
    key: 'accessZone',
    label: 'Access zone',
    feature: 'accessZones.accessZones',
    schema: AccessZone,
    fields: [...STATUS_ITEM, 'doors', 'zoneCount'],
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: [...STATUS_UPDATES, 'zoneCount'],
  }),
  alarmZone: type({
    key: 'alarmZone',
    label: 'Alarm zone',
    feature: 'alarmZones.alarmZones',
    schema: AlarmZone,
    fields: STATUS_ITEM.filter((f) => f !== 'statusText'),
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: STATUS_UPDATES,
  }),
  dayCategory: type({
    key: 'dayCategory',
    label: 'Day category',
    feature: 'dayCategories.dayCategories',
    schema: DayCategory,
    fields: ['href', 'name', 'description', 'notes'],
    identity: ['href', 'name'],
    divisionFilters: false,
  }),
  door: type({
    key: 'door',
    label: 'Door',
    feature: 'doors.doors',
    schema: Door,
    fields: [...STATUS_ITEM, 'entryAccessZone', 'exitAccessZone'],
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: STATUS_UPDATES,
  }),
  elevatorGroup: type({
    key: 'elevatorGroup',
    label: 'Elevator group',
    feature: 'elevators.elevatorGroups',
    schema: ElevatorGroup,
    fields: [
      'href', 'name', 'shortName', 'description', 'division', 'notes', 'elevatorSystem', 'elevatorGroupNumber',
      'floorAccess', 'rearAccessEnabled', 'groundFloorNumber',
    ],
    identity: ['href', 'name'],
    divisionFilters: true,
  }),
  fenceZone: type({
    key: 'fenceZone',
    label: 'Fence zone',
    feature: 'fenceZones.fenceZones',
    schema: FenceZone,
    fields: [...STATUS_ITEM, 'voltage'],
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: [...STATUS_UPDATES, 'voltage'],
  }),
  input: type({
    key: 'input',
    label: 'Input',
    feature: 'inputs.inputs',
    schema: Input,
    fields: STATUS_ITEM,
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: STATUS_UPDATES,
  }),
  interlockGroup: type({
    key: 'interlockGroup',
    label: 'Interlock group',
    feature: 'interlockGroups.interlockGroups',
    schema: InterlockGroup,
    fields: STATUS_ITEM,
    identity: WITH_ID,
    divisionFilters: true,
    // Its updates carry only statusFlags; asking for more would be refused or ignored.
    updateFields: ['statusFlags'],
  }),
  macro: type({
    key: 'macro',
    label: 'Macro',
    feature: 'macros.macros',
    schema: Macro,
    fields: ['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates'],
    identity: WITH_ID,
    divisionFilters: true,
    // docs/server-interface.md §Fields by type gives no updates-call field list for macros: ask for the defaults.
  }),
  output: type({
    key: 'output',
    label: 'Output',
    feature: 'outputs.outputs',
    schema: Output,
    fields: STATUS_ITEM,
    identity: WITH_ID,
    divisionFilters: true,
    updateFields: STATUS_UPDATES,
  }),
} as const;

export type ItemTypes = typeof ITEM_TYPES;
/** The payload type of one item type, e.g. `ItemOf<'door'>`. */
export type ItemOf<K extends ItemTypeKey> = z.infer<ItemTypes[K]['schema']>;

export const ITEM_TYPE_KEYS = Object.keys(ITEM_TYPES) as ItemTypeKey[];

/** The elevator groups a cardholder's default floors may use: a different call, shape and licence. */
export const PASSENGER_ELEVATOR_GROUPS = type({
  key: 'elevatorGroup',
  label: 'Elevator group (passenger details)',
  feature: 'cardholders.modifyPassengerDetails',
  schema: PassengerElevatorGroup,
  fields: ['href', 'name', 'description', 'division', 'floorAccess'],
  identity: ['href', 'name'],
  divisionFilters: true,
});
