import { placeLabel, SITE_PLACE } from '../../../shared/board/places';
import type { BoardItem, ItemKind, ItemRef, ItemStatus } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import type { ElevatorGroup } from '../api/item-schemas';
import { ITEM_TYPES } from '../api/item-types';
import { searchItems } from '../api/items';
import type { ItemFields } from '../api/schemas';
import type { Transport } from '../api/transport';
import { commandOffers, sendableCommands } from './command-offers';
import { divisionNamesFor } from './divisions';
import { placeOnFloors } from './floors';

/** Where the board puts items the site gives no floor. */
export const SITE_GROUP = SITE_PLACE.name;

/** Every item type with live status, in loading order: all of them are on the board. */
export const LIVE_KINDS: readonly ItemKind[] = ['door', 'accessZone', 'alarmZone', 'fenceZone', 'input', 'interlockGroup', 'macro', 'output'];

/** What the board shows. */
export const BOARD_KINDS: readonly ItemKind[] = LIVE_KINDS;

/** What a tile, its floor and its panel need, in one search per type instead of a detail call per item. */
const BOARD_FIELDS = [
  'shortName', 'description', 'notes', 'division', 'commands', 'connectedController', 'updates', 'statusFlags',
  'statusText', 'doors', 'zoneCount', 'entryAccessZone', 'exitAccessZone', 'voltage',
];

/** A search answer with the fields some types add (the type's schema has checked them). */
type FoundItem = ItemFields & {
  doors?: { href: string; name?: string }[];
  entryAccessZone?: { href: string; name?: string };
  exitAccessZone?: { href: string; name?: string };
  zoneCount?: number;
  voltage?: number;
};

export interface CatalogueEntry {
  board: BoardItem;
  /** The server's own links for the item (see serverLinks): the only source of command and updates hrefs. */
  fields: ItemFields;
}

/** Refusals that leave one type (or the floors) off the board rather than empty the whole board. */
const MISSING = ['licence', 'forbidden', 'not-found'];

/**
 * Loads the items the board shows, keyed by href, with the status each search answer carried: every
 * live type the server links, then the elevator groups (for floors) and the divisions' names. A type
 * the operator may not read (403/404, or not licensed) is left out, so one missing privilege does not
 * empty the whole board; doors are the exception, as a desk without them is not a desk.
 */
export async function loadCatalogue(
  transport: Transport,
  discovery: Discovery,
  now: () => number = Date.now,
  kinds: readonly ItemKind[] = BOARD_KINDS,
): Promise<{ entries: Map<string, CatalogueEntry>; statuses: ItemStatus[] }> {
  // The types are searched side by side (each one's pages in turn): at 10,000 items, one after another
  // left this desk idle while the server built each page, and the server idle while this desk read it.
  // The list that names the divisions is read beside them too, not after the last page.
  const divisionNames = divisionNamesFor(transport);
  const [perKind, groups] = await Promise.all([
    Promise.all(kinds.map((kind) => searchKind(transport, discovery, kind))),
    elevatorGroups(transport, discovery),
    divisionNames.namingList(discovery),
  ]);
  const found = perKind.flat();
  const statuses = found.flatMap(({ item }) => (item.statusFlags ? [statusOf(item, now())] : []));

  const floors = placeOnFloors(
    groups,
    found.map(({ kind, item }) => ({ kind, href: item.href, doors: item.doors, entryAccessZone: item.entryAccessZone, exitAccessZone: item.exitAccessZone })),
  );
  const names = await divisionNames.namesOf(
    found.flatMap(({ item }) => (item.division ? [item.division] : [])),
    discovery,
  );
  const itemNames = new Map(found.map(({ item }) => [item.href, item.name]));

  const entries = new Map<string, CatalogueEntry>();
  const shared = new SharedParts();
  for (const { kind, item } of found) {
    const board = toBoardItem(kind, item, { floors: floors.get(item.href) ?? [], names, itemNames, shared });
    entries.set(item.href, { board, fields: serverLinks(item) });
  }
  return { entries, statuses };
}

/**
 * Items a catalogue page asks for. Servers before 8.70 answer 100 a page unless asked: 100 requests for
 * 10,000 items at every start and reload. 1,000 is 8.70's default, where the vendor finds throughput
 * levels out (cc_rest.yaml: the `top` parameter).
 */
export const CATALOGUE_PAGE = 1_000;

/** Every item of one type the board shows, in the server's order; none when the type is not linked or not allowed. */
async function searchKind(transport: Transport, discovery: Discovery, kind: ItemKind): Promise<{ kind: ItemKind; item: FoundItem }[]> {
  const type = ITEM_TYPES[kind];
  if (!discovery.links.has(type.feature)) return [];
  const fields = BOARD_FIELDS.filter((f) => type.fields.includes(f));
  const found: { kind: ItemKind; item: FoundItem }[] = [];
  try {
    for await (const result of searchItems(transport, discovery, kind, { fields, top: CATALOGUE_PAGE })) found.push({ kind, item: result as FoundItem });
  } catch (err) {
    if (err instanceof DeskError && MISSING.includes(err.code) && kind !== 'door') return [];
    throw err;
  }
  return found;
}

/**
 * What the desk keeps of the server's item once its board item is made: its identity and the links it
 * sends commands and watches status through. The rest of the search answer is already on the board
 * item; keeping it twice cost about 1 KB per item (the bench's memory profile, 10,000 items).
 */
function serverLinks(item: FoundItem): ItemFields {
  const kept: ItemFields = { href: item.href, id: item.id, name: item.name };
  if (item.commands) kept.commands = item.commands;
  if (item.updates) kept.updates = item.updates;
  return kept;
}

function statusOf(item: FoundItem, receivedAt: number): ItemStatus {
  const status: ItemStatus = { href: item.href, flags: item.statusFlags ?? [], statusText: item.statusText ?? '', receivedAt };
  if (item.zoneCount !== undefined) status.zoneCount = item.zoneCount;
  if (item.voltage !== undefined) status.voltage = item.voltage;
  return status;
}

/** The site's elevator groups with their floor access, or none when the server offers none to this operator. */
async function elevatorGroups(transport: Transport, discovery: Discovery): Promise<ElevatorGroup[]> {
  if (!discovery.links.has(ITEM_TYPES.elevatorGroup.feature)) return [];
  const groups: ElevatorGroup[] = [];
  try {
    for await (const group of searchItems(transport, discovery, 'elevatorGroup', { fields: ['floorAccess'], top: CATALOGUE_PAGE })) groups.push(group);
  } catch (err) {
    // Without floors the board still works: every item goes under "Site".
    if (err instanceof DeskError && MISSING.includes(err.code)) return [];
    throw err;
  }
  return groups;
}

interface Context {
  floors: BoardItem['floors'];
  names: Map<string, string>;
  itemNames: Map<string, string>;
  shared: SharedParts;
}

/**
 * Most items of a site carry the same command offers, division and place as many others: one copy of
 * each, shared by every board item that has it (board items are never changed once made). At 10,000
 * items this keeps about 3 MB less in main (the bench's memory profile); the JSON is the same.
 */
class SharedParts {
  private readonly parts = new Map<string, unknown>();

  of<T>(key: string, make: () => T): T {
    if (this.parts.has(key)) return this.parts.get(key) as T;
    const part = make();
    this.parts.set(key, part);
    return part;
  }
}

function toBoardItem(kind: ItemKind, item: FoundItem, context: Context): BoardItem {
  const { shared } = context;
  const made = commandOffers(item.commands);
  const offersKey = JSON.stringify(made);
  const offers = shared.of(`offers\u0000${offersKey}`, () => made);
  const ref = (link: { href: string; name?: string; id?: string } | undefined): ItemRef | undefined =>
    link && { href: link.href, ...(link.id ? { id: link.id } : {}), name: link.name ?? context.itemNames.get(link.href) ?? 'Unnamed' };
  const board: BoardItem = {
    href: item.href,
    id: item.id,
    kind,
    name: item.name,
    commands: shared.of(`commands\u0000${offersKey}`, () => sendableCommands(offers)),
    commandOffers: offers,
    group: context.floors[0] ? shared.of(`group\u0000${context.floors[0].key}`, () => placeLabel(context.floors[0]!)) : SITE_GROUP,
    floors: context.floors,
  };
  if (item.shortName) board.shortName = item.shortName;
  if (item.description) board.description = item.description;
  if (item.notes) board.notes = item.notes;
  const division = item.division;
  if (division) {
    const name = context.names.get(division.href);
    board.division = shared.of(`division\u0000${division.href}\u0000${division.id ?? ''}\u0000${name ?? ''}`, () => ({ ...division, name }));
  }
  const controller = item.connectedController;
  if (controller?.href) {
    const link = { href: controller.href, id: controller.id, name: controller.name };
    board.connectedController = shared.of(`controller\u0000${link.href}\u0000${link.id ?? ''}\u0000${link.name ?? ''}`, () => ref(link));
  }
  if (item.doors) board.doors = item.doors.map((d) => ref(d)!);
  if (item.entryAccessZone) board.entryAccessZone = ref(item.entryAccessZone);
  if (item.exitAccessZone) board.exitAccessZone = ref(item.exitAccessZone);
  return board;
}
