import type { ItemKind } from '../../../../shared/domain';
import { ITEM_KIND_WORDS } from '../../../../shared/words/enum-words';


/** The item's type in words, for the type filter and the panel. */
export function kindNoun(kind: ItemKind): string {
  return ITEM_KIND_WORDS[kind];
}
