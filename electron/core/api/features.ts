import { DeskError } from '../../../shared/errors';
import { versionAtLeast } from '../../../shared/version';
import type { Discovery } from './discovery';
import { ITEM_TYPE_KEYS, ITEM_TYPES, type ItemTypeKey } from './item-types';

/**
 * What this server offers, decided from `GET /api` alone: its feature links (present only when
 * licensed) and its version (for behaviour the links do not show). The app offers nothing else.
 */
export interface Capabilities {
  version: string;
  /** Item types whose collection link the server gave. */
  itemTypes: ItemTypeKey[];
  /** `description` search parameter (8.60). */
  searchByDescription: boolean;
  /** `directDivision` search parameter (9.20). */
  directDivision: boolean;
  /** `requested_by` on overrides is honoured (8.70); older servers ignore it. */
  requestedBy: boolean;
  /** The `Basic` Authorization form (9.0). */
  basicAuth: boolean;
  /** Door `lock` override (9.40); the door's own `commands` map still decides per door. */
  doorLock: boolean;
  /** `connectedController` field (8.30). */
  connectedController: boolean;
  /** `fields` returns only what was asked (8.10); in 8.00 href and id always come too. */
  fieldsExact: boolean;
  /** zoneCount and voltage arrive in updates without asking (8.10). */
  defaultUpdateExtras: boolean;
  /** A server page holds this many items unless `top` says otherwise. */
  defaultPageSize: number;
  /** Without `sort` the order is unspecified (9.30): always sort. */
  unspecifiedDefaultOrder: boolean;
  /** The CHUID hash must be sent with a PIV card (up to 8.60). */
  chuidHashRequired: boolean;
  /** PIV cardholder calls (RESTCardholders licence). */
  cardholders: boolean;
  /** update_cardholder_location access zone search (8.20, RESTCardholders). */
  cardholderLocation: boolean;
  /** modify_passenger_details elevator group search (RESTCardholders). */
  passengerElevatorGroups: boolean;
}

/** The first of `names` the server gave a link for (some keys have two spellings: docs/server-interface.md §Discovery). */
export function linkFor(discovery: Discovery, ...names: string[]): string | undefined {
  for (const name of names) {
    const href = discovery.links.get(name);
    if (href) return href;
  }
  return undefined;
}

export const CARDHOLDERS_LINK = ['cardholders.cardholders', 'cardholders.cardHolders'];
export const PASSENGER_LINK = ['cardholders.modifyPassengerDetails', 'cardholders.modifyDefaultFloors'];
export const LOCATION_LINK = ['cardholders.updateLocationAccessZones'];

/** The collection href of an item type, or a licence error saying the server does not offer it. */
export function collectionHref(discovery: Discovery, key: ItemTypeKey): string {
  const href = discovery.links.get(ITEM_TYPES[key].feature);
  if (!href) {
    throw new DeskError('licence', `This server offers no ${ITEM_TYPES[key].label.toLowerCase()} calls (not licensed, or not in version ${discovery.version})`);
  }
  return href;
}

export function capabilitiesOf(discovery: Discovery): Capabilities {
  const at = (v: string) => versionAtLeast(discovery.version, v);
  return {
    version: discovery.version,
    itemTypes: ITEM_TYPE_KEYS.filter((key) => discovery.links.has(ITEM_TYPES[key].feature)),
    searchByDescription: at('8.60'),
    directDivision: at('9.20'),
    requestedBy: at('8.70'),
    basicAuth: at('9.0'),
    doorLock: at('9.40'),
    connectedController: at('8.30'),
    fieldsExact: at('8.10'),
    defaultUpdateExtras: at('8.10'),
    defaultPageSize: at('8.70') ? 1000 : 100,
    unspecifiedDefaultOrder: at('9.30'),
    chuidHashRequired: !at('8.70'),
    cardholders: linkFor(discovery, ...CARDHOLDERS_LINK) !== undefined,
    cardholderLocation: at('8.20') && linkFor(discovery, ...LOCATION_LINK) !== undefined,
    passengerElevatorGroups: linkFor(discovery, ...PASSENGER_LINK) !== undefined,
  };
}
