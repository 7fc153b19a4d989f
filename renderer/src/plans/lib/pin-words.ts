import type { BoardItem, ItemLiveness } from '../../../../shared/domain';
import type { StatusReading, Verdict } from '../../../../shared/status';
import { tileLines } from '../../lib/board/item-reading';
import { VERDICT_LABEL } from '../../lib/board/verdict-labels';

/** A mark beside the word, so the state is read without its colour too. */
const VERDICT_MARK: Record<Verdict, string> = {
  alarm: '!',
  attention: '◆',
  normal: '✓',
  offline: '✕',
  unknown: '?',
};

export interface PinWords {
  /** The pin's one state word: what the tile's headline says first ("Forced", "Free", "Closed"). */
  word: string;
  mark: string;
  /** The pin's accessible name and tooltip, e.g. "Lobby Main Entrance: Forced". */
  label: string;
}

/**
 * What a pin says, by the tile's rule (tileLines: the reasons first when not normal). The pin has
 * room for one word; its accessible name carries the tile's whole headline, and says when the desk is
 * not hearing about the item.
 */
export function pinWords(item: BoardItem, reading: StatusReading, stale: { liveness?: ItemLiveness; muted: boolean }): PinWords {
  const { headline } = tileLines(reading);
  const word = headline[0] ?? VERDICT_LABEL[reading.verdict];
  const said = headline.length > 0 ? headline.join(', ') : VERDICT_LABEL[reading.verdict];
  const notLive = stale.muted ? ` (not live${stale.liveness?.reason ? `: ${stale.liveness.reason}` : ''})` : '';
  return { word, mark: VERDICT_MARK[reading.verdict], label: `${item.name}: ${said}${notLive}` };
}
