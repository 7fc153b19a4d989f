import { z } from 'zod';
import { BoardItem, CommandOffer, DivisionRef, FloorPlace, ItemLiveness, ItemRef, ItemStatus } from '../domain';

/**
 * Board items as a board part carries them. A value many items share (their division, controller and
 * zones, their floors, the command offers of their kind, the group name) is written once in the part's
 * `shared` list, and each item names it by its index there; a zone's own list of doors stays inline.
 * At 10,000 items the parts were 11 MB, mostly these repeats, and the renderer must take in every byte
 * before it can show the board (docs/performance-design.md, "What holds the figures").
 * Each part stands alone: its indexes name only its own `shared` list.
 */
const Shared = z.number().int().min(0);

/** How each packed field's shared value is checked when the renderer unpacks it (each value once per part). */
const sharedSchemas = {
  division: DivisionRef,
  ref: ItemRef,
  floors: z.array(FloorPlace),
  offers: z.array(CommandOffer),
  keys: z.array(z.string()),
  text: z.string(),
} as const;
type SharedKind = keyof typeof sharedSchemas;
type SharedValue<K extends SharedKind> = z.infer<(typeof sharedSchemas)[K]>;

/** The fields a part packs, and the kind of shared value each names. */
const packedFields = {
  division: 'division',
  commands: 'keys',
  commandOffers: 'offers',
  group: 'text',
  floors: 'floors',
  connectedController: 'ref',
  entryAccessZone: 'ref',
  exitAccessZone: 'ref',
} as const satisfies Partial<Record<keyof BoardItem, SharedKind>>;

export const PackedBoardItem = BoardItem.omit({
  division: true,
  commands: true,
  commandOffers: true,
  group: true,
  floors: true,
  connectedController: true,
  entryAccessZone: true,
  exitAccessZone: true,
})
  .extend({
    division: Shared.optional(),
    commands: Shared,
    commandOffers: Shared,
    group: Shared,
    floors: Shared,
    connectedController: Shared.optional(),
    entryAccessZone: Shared.optional(),
    exitAccessZone: Shared.optional(),
  });
export type PackedBoardItem = z.infer<typeof PackedBoardItem>;

/** A stale item's liveness on a board page, its texts (the same for every item while offline) shared. */
export const PackedLiveness = ItemLiveness.extend({ reason: Shared.optional(), commandsUnavailable: Shared.optional() });
export type PackedLiveness = z.infer<typeof PackedLiveness>;

/** The liveness texts a page shares. */
const packedLivenessTexts = ['reason', 'commandsUnavailable'] as const;

/**
 * An item's status on a board part, its flags and text shared: a site's items report a few dozen
 * states between them, and at 50,000 items writing each out again was a third of the statuses' bytes.
 */
export const PackedStatus = ItemStatus.extend({ flags: Shared, statusText: Shared });
export type PackedStatus = z.infer<typeof PackedStatus>;

/** At most how many shared values one item adds to a part: one per packed field, its status's flags and text, and its liveness texts. */
export const SHARED_PER_ITEM = Object.keys(packedFields).length + 2 + packedLivenessTexts.length;

/** A part's shared values; each is checked against what the field naming it holds when unpacked. */
export const SharedValues = z.array(z.unknown());

/** Collects one part's shared values, each written once however many items name it. */
export class SharedWriter {
  readonly values: unknown[] = [];
  readonly #texts = new Map<string, number>();
  /** Objects and lists, by their JSON: equal values from different items are one entry. */
  readonly #structures = new Map<string, number>();
  /**
   * Objects and lists already written, by identity: items unpacked from one packed list share their
   * values, and a value met again needs no JSON to be found (a last-known board of 10,000 items made
   * JSON of some 60,000 values, nearly all equal to one already written). Values are never changed
   * once on a board, so the same object always has the same JSON.
   */
  readonly #seen = new Map<object, number>();

  index(value: unknown): number {
    if (typeof value === 'string') return this.#indexOf(this.#texts, value, value);
    const object = value as object;
    let index = this.#seen.get(object);
    if (index === undefined) this.#seen.set(object, (index = this.#indexOf(this.#structures, JSON.stringify(value), value)));
    return index;
  }

  #indexOf(indexes: Map<string, number>, key: string, value: unknown): number {
    let index = indexes.get(key);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      indexes.set(key, index);
    }
    return index;
  }

  /** Another writer that starts with these values, so what it adds never changes a part already sent. */
  copy(): SharedWriter {
    const copy = new SharedWriter();
    copy.values.push(...this.values);
    for (const [key, index] of this.#texts) copy.#texts.set(key, index);
    for (const [key, index] of this.#structures) copy.#structures.set(key, index);
    for (const [value, index] of this.#seen) copy.#seen.set(value, index);
    return copy;
  }
}

/** One item as a part carries it, its shared values written to `shared`. */
export function packItem(item: BoardItem, shared: SharedWriter): PackedBoardItem {
  const packed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    // Absent stays absent: `undefined` would be dropped on the wire anyway, but not by a test's toEqual.
    if (value !== undefined) packed[key] = Object.hasOwn(packedFields, key) ? shared.index(value) : value;
  }
  return packed as PackedBoardItem;
}

export function packLiveness(liveness: ItemLiveness, shared: SharedWriter): PackedLiveness {
  const packed: Record<string, unknown> = { ...liveness };
  for (const key of packedLivenessTexts) if (liveness[key] !== undefined) packed[key] = shared.index(liveness[key]);
  return packed as PackedLiveness;
}

export function packStatus(status: ItemStatus, shared: SharedWriter): PackedStatus {
  return { ...status, flags: shared.index(status.flags), statusText: shared.index(status.statusText) };
}

/** A part whose shared values do not hold what its items say they do: main sent a broken part. */
export class BadPackingError extends Error {}

/** Reads one part's shared values, checking each the first time a field names it. */
export class SharedReader {
  readonly #checked = new Map<SharedKind, unknown[]>();

  constructor(private readonly values: readonly unknown[]) {}

  get<K extends SharedKind>(kind: K, index: number, what: string): SharedValue<K> {
    let checked = this.#checked.get(kind);
    if (!checked) this.#checked.set(kind, (checked = []));
    if (index in checked) return checked[index] as SharedValue<K>;
    if (index >= this.values.length) throw new BadPackingError(`${what} names shared value ${index}, but the part has ${this.values.length}`);
    const parsed = sharedSchemas[kind].safeParse(this.values[index]);
    if (!parsed.success) throw new BadPackingError(`${what} names shared value ${index}, which is not a ${kind}: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
    checked[index] = parsed.data;
    return parsed.data as SharedValue<K>;
  }
}

/** The item a part carried, whole again; throws BadPackingError when its shared values do not fit. */
export function unpackItem(item: PackedBoardItem, shared: SharedReader): BoardItem {
  const whole: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined) continue;
    const kind = Object.hasOwn(packedFields, key) ? packedFields[key as keyof typeof packedFields] : undefined;
    whole[key] = kind ? shared.get(kind, value as number, `item ${item.href}'s ${key}`) : value;
  }
  return whole as BoardItem;
}

export function unpackLiveness(liveness: PackedLiveness, shared: SharedReader): ItemLiveness {
  const whole: Record<string, unknown> = { ...liveness };
  for (const key of packedLivenessTexts) {
    const index = liveness[key];
    if (index !== undefined) whole[key] = shared.get('text', index, `the ${key} of ${liveness.href}'s liveness`);
  }
  return whole as ItemLiveness;
}

export function unpackStatus(status: PackedStatus, shared: SharedReader): ItemStatus {
  const what = `the status of ${status.href}`;
  return { ...status, flags: shared.get('keys', status.flags, `${what}'s flags`), statusText: shared.get('text', status.statusText, `${what}'s text`) };
}

/** What a part or a page carries: packed items, their shared values, and those items' statuses and liveness. */
export interface PackedItems {
  shared: readonly unknown[];
  items: readonly PackedBoardItem[];
  statuses: readonly PackedStatus[];
  liveness?: readonly PackedLiveness[];
}

/** The whole of what a part or page carries. */
type Unpacked<P extends PackedItems> = Omit<P, 'shared' | 'items' | 'statuses' | 'liveness'> & { items: BoardItem[]; statuses: ItemStatus[]; liveness: ItemLiveness[] };

/** A part or page with its items, statuses and liveness whole again; throws BadPackingError when a shared value does not fit. */
export function unpackPart<P extends PackedItems>(part: P): Unpacked<P> {
  const { shared: values, items, statuses, liveness, ...rest } = part;
  const shared = new SharedReader(values);
  return {
    ...rest,
    items: items.map((item) => unpackItem(item, shared)),
    statuses: statuses.map((s) => unpackStatus(s, shared)),
    liveness: (liveness ?? []).map((l) => unpackLiveness(l, shared)),
  };
}
