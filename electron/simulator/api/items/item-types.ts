/**
 * The item types `/api/items/types` lists and `/api/items` reports in each result's `type`. Type
 * ids are the simulator's own (a real installation has about 200, with its own ids); the two the
 * vendor shows in its example keep the vendor's ids (cc_rest.yaml: ItemTypes example, Cardholder "1",
 * Access Group "2"). Canonical names never change once given (cc_rest.yaml: CANON_DESC), 9.00 and later.
 */
export interface ItemType {
  id: string;
  name: string;
  canonicalTypeName: string;
}

export const ITEM_TYPES: readonly ItemType[] = [
  { id: '1', name: 'Cardholder', canonicalTypeName: 'cardholder' },
  { id: '2', name: 'Access Group', canonicalTypeName: 'accessgroup' },
  { id: '3', name: 'Division', canonicalTypeName: 'division' },
  { id: '11', name: 'Door', canonicalTypeName: 'door' },
  { id: '12', name: 'Access Zone', canonicalTypeName: 'accesszone' },
  { id: '13', name: 'Alarm Zone', canonicalTypeName: 'alarmzone' },
  { id: '14', name: 'Fence Zone', canonicalTypeName: 'fencezone' },
  { id: '15', name: 'Input', canonicalTypeName: 'input' },
  { id: '16', name: 'Output', canonicalTypeName: 'output' },
  { id: '17', name: 'Interlock Group', canonicalTypeName: 'interlockgroup' },
  { id: '18', name: 'Macro', canonicalTypeName: 'macro' },
  { id: '19', name: 'Elevator Group', canonicalTypeName: 'elevatorgroup' },
  { id: '20', name: 'Day Category', canonicalTypeName: 'daycategory' },
  { id: '21', name: 'Controller', canonicalTypeName: 'controller' },
  { id: '22', name: 'Server', canonicalTypeName: 'server' },
];

/** The item type of each collection the simulator holds items in (by the collection's path word). */
const TYPE_OF_COLLECTION: Record<string, string> = {
  doors: 'door',
  access_zones: 'accesszone',
  alarm_zones: 'alarmzone',
  fence_zones: 'fencezone',
  inputs: 'input',
  outputs: 'output',
  interlock_groups: 'interlockgroup',
  macros: 'macro',
  elevator_groups: 'elevatorgroup',
};

export function itemTypeOf(collection: string): ItemType | undefined {
  const canonical = TYPE_OF_COLLECTION[collection];
  return ITEM_TYPES.find((t) => t.canonicalTypeName === canonical);
}

/** A type as a response shows it: the canonical name only from 9.00 (cc_rest.yaml: CANON_DESC "Added in 9.00"). */
export function typeBlock(type: ItemType, canonical: boolean): Record<string, string> {
  return canonical ? { id: type.id, name: type.name, canonicalTypeName: type.canonicalTypeName } : { id: type.id, name: type.name };
}
