/** At most this many new alarms are named in one announcement; the rest of a flood is counted. */
export const ANNOUNCED = 5;

/**
 * What assistive technology is told when alarms arrive: each new alarm once (by `key`), the first few
 * named and the rest of a flood counted, not read out one by one. One pass over the pending alarms,
 * and words only for the new ones: thousands pending cost no sentences.
 */
export function announceNew<T>(
  pending: readonly T[],
  heard: ReadonlySet<string>,
  key: (alarm: T) => string,
  words: (alarm: T) => string,
): { heard: Set<string>; announcement: string | undefined } {
  const now = new Set<string>();
  const named: string[] = [];
  let fresh = 0;
  for (const alarm of pending) {
    const k = key(alarm);
    now.add(k);
    if (heard.has(k)) continue;
    if (fresh++ < ANNOUNCED) named.push(words(alarm));
  }
  if (fresh === 0) return { heard: now, announcement: undefined };
  const more = fresh - named.length;
  return { heard: now, announcement: `New alarm: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}` };
}
