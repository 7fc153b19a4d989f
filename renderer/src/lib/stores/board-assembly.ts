import type { BoardItemsPart } from '../../../../shared/contract/board';

/** Where a part sits in its generation: all the assembly reads of a part, packed or already unpacked. */
export type PartPlace = Pick<BoardItemsPart, 'generation' | 'part' | 'parts'>;

/** What offering one part did: the board is whole, more parts are due, the part was old news, or the generation broke. */
export type Offered<P extends PartPlace> =
  | { kind: 'complete'; generation: number; parts: P[] }
  | { kind: 'waiting'; generation: number }
  | { kind: 'ignored' }
  | { kind: 'broken'; reason: string };

/**
 * Builds the next board aside from its parts, from events and board.get pages alike. A generation is
 * handed over only when every part came, in order: the screen never shows half a board or a mix of
 * two. A part out of order, a missing one or a changed count drops the generation; the caller asks
 * again with board.get. A newer generation replaces one half built; an older one is ignored.
 */
export class BoardAssembly<P extends PartPlace = BoardItemsPart> {
  /** The generation on screen; -1 until the first whole board (and after the link to main reopened). */
  #shown = -1;
  #building: { generation: number; parts: P[] } | undefined;

  get shown(): number {
    return this.#shown;
  }

  /** The generation being built, if any. */
  get building(): number | undefined {
    return this.#building?.generation;
  }

  /** Forgets everything: main may have restarted, and its generations with it. */
  reset(): void {
    this.#shown = -1;
    this.#building = undefined;
  }

  offer(part: P): Offered<P> {
    if (part.generation <= this.#shown) return { kind: 'ignored' };
    const building = this.#building;
    if (building && part.generation < building.generation) return { kind: 'ignored' };
    if (!building || part.generation > building.generation) {
      if (part.part !== 0) return this.broken(`part ${part.part} of board ${part.generation} came before its first part`);
      this.#building = { generation: part.generation, parts: [] };
    }
    const current = this.#building!;
    const expected = current.parts.length;
    if (part.part !== expected) return this.broken(`part ${part.part} of board ${part.generation} came where part ${expected} was due`);
    if (expected > 0 && part.parts !== current.parts[0]!.parts) return this.broken(`board ${part.generation} changed its number of parts`);
    current.parts.push(part);
    if (current.parts.length < part.parts) return { kind: 'waiting', generation: part.generation };
    this.#building = undefined;
    this.#shown = part.generation;
    return { kind: 'complete', generation: part.generation, parts: current.parts };
  }

  private broken(reason: string): Offered<P> {
    this.#building = undefined;
    return { kind: 'broken', reason };
  }
}
