import { nextOccurrence, parseTimeOfDay, type Checked, type TimeOfDay } from '../../../../shared/commands';

/**
 * When the desk's shifts end, for the override dialog's "end of shift" preset. A desk setting, kept in
 * this window's local storage (it is no secret and belongs to the workstation, not the server).
 */
export const DEFAULT_SHIFT_ENDS = ['07:00', '19:00'] as const;
const STORAGE_KEY = 'gatehouse.shiftEnds';

/** Reads "07:00, 19:00" into times of day, refusing the whole list if any entry is not HH:MM. */
export function parseShiftEnds(text: string): Checked<TimeOfDay[]> {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return { ok: false, reason: 'Give at least one shift end, for example 07:00, 19:00.' };
  const times: TimeOfDay[] = [];
  for (const part of parts) {
    const time = parseTimeOfDay(part);
    if (!time.ok) return time;
    times.push(time.value);
  }
  return { ok: true, value: times };
}

/** The shift end that comes next after `now`. */
export function nextShiftEnd(ends: readonly TimeOfDay[], now: Date): TimeOfDay | undefined {
  let best: { time: TimeOfDay; at: number } | undefined;
  for (const time of ends) {
    const at = nextOccurrence(time, now).getTime();
    if (!best || at < best.at) best = { time, at };
  }
  return best?.time;
}

export interface ShiftEndStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadShiftEnds(storage: ShiftEndStorage | undefined): string {
  return storage?.getItem(STORAGE_KEY) ?? DEFAULT_SHIFT_ENDS.join(', ');
}

/** Saves the setting only when it reads; otherwise says why and keeps the old one. */
export function saveShiftEnds(storage: ShiftEndStorage | undefined, text: string): Checked<string> {
  const parsed = parseShiftEnds(text);
  if (!parsed.ok) return parsed;
  const normal = parsed.value.map((t) => `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`).join(', ');
  storage?.setItem(STORAGE_KEY, normal);
  return { ok: true, value: normal };
}
