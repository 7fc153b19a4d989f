/**
 * How long an override has left, in words a guard reads at a glance: "1 h 05 min", "4 min 10 s",
 * "12 s"; "ending now" once the end time is reached (the item's status says when it really ended).
 */
export function timeLeft(endsAt: number | undefined, now: number): string {
  if (endsAt === undefined) return 'Until cancelled';
  const seconds = Math.ceil((endsAt - now) / 1000);
  if (seconds <= 0) return 'Ending now';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** What the list says for each state (shared/words/enum-words.ts). */
export { OVERRIDE_STATE_WORDS as STATE_WORDS } from '../../../../shared/words/enum-words';
