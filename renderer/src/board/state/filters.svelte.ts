import type { ItemKind } from '../../../../shared/domain';
import type { BoardFilter } from '../lib/search';

/** The board's filters: search words, one type, one division (by href), one floor (by key). */
class FilterStore {
  #text = $state('');
  #kind = $state<ItemKind | 'all'>('all');
  #division = $state<string>('all');
  #floor = $state<string>('all');

  get text(): string {
    return this.#text;
  }
  set text(value: string) {
    this.#text = value;
  }
  get kind(): ItemKind | 'all' {
    return this.#kind;
  }
  set kind(value: ItemKind | 'all') {
    this.#kind = value;
  }
  get division(): string {
    return this.#division;
  }
  set division(value: string) {
    this.#division = value;
  }
  get floor(): string {
    return this.#floor;
  }
  set floor(value: string) {
    this.#floor = value;
  }

  get current(): BoardFilter {
    return { text: this.#text, kind: this.#kind, division: this.#division, floor: this.#floor };
  }

  /** Whether anything is filtered out (the board then says how to see everything). */
  get active(): boolean {
    return this.#text.trim() !== '' || this.#kind !== 'all' || this.#division !== 'all' || this.#floor !== 'all';
  }

  clear(): void {
    this.#text = '';
    this.#kind = 'all';
    this.#division = 'all';
    this.#floor = 'all';
  }
}

export const filters = new FilterStore();
