import type { Checked } from './checked';
import { checkEndTime } from './end-time';

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

export interface EndTimePreset {
  id: '15min' | '1h' | '4h' | 'endOfShift';
  label: string;
  endTime: Date;
  /** Why the preset cannot be used right now (e.g. the shift ends within the minute); absent when it can. */
  refusal?: string;
}

/** Reads a shift end as the desk's settings hold it, "HH:MM" on a 24-hour clock. */
export function parseTimeOfDay(text: string): Checked<TimeOfDay> {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) {
    return { ok: false, reason: `"${text}" is not a time of day. Use HH:MM on a 24-hour clock, for example 07:00.` };
  }
  return { ok: true, value: { hours, minutes } };
}

/** The next time the clock on the desk's wall reads `time`, strictly after `now`. */
export function nextOccurrence(time: TimeOfDay, now: Date): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), time.hours, time.minutes);
  // setDate rather than adding 24 h, so a daylight-saving change keeps the wall-clock time.
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** The override dialog's quick end times; end of shift only when the desk knows when the shift ends. */
export function endTimePresets(now: Date, shiftEnd?: TimeOfDay): EndTimePreset[] {
  const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const presets: Omit<EndTimePreset, 'refusal'>[] = [
    { id: '15min', label: '15 min', endTime: after(15) },
    { id: '1h', label: '1 h', endTime: after(60) },
    { id: '4h', label: '4 h', endTime: after(240) },
  ];
  if (shiftEnd) {
    const label = `End of shift (${twoDigits(shiftEnd.hours)}:${twoDigits(shiftEnd.minutes)})`;
    presets.push({ id: 'endOfShift', label, endTime: nextOccurrence(shiftEnd, now) });
  }
  return presets.map((preset) => {
    const check = checkEndTime(preset.endTime, now);
    return check.ok ? preset : { ...preset, refusal: check.reason };
  });
}
