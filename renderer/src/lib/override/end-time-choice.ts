import { checkEndTime, endTimePresets, type Checked, type EndTimePreset, type TimeOfDay } from '../../../../shared/commands';
import { deskDate } from '../../../../shared/words/desk-time';
import { parseLocalDateTime } from './local-date-time';

/**
 * How long a timed mode lasts, as the operator chose it in the override dialog: until the zone's next
 * scheduled change (the plain command), a preset, or a day and a 24-hour time typed at the desk
 * (`date` is the day's "YYYY-MM-DD", `time` what was typed, "18:30").
 */
export type EndTimeChoice = { kind: 'schedule' } | { kind: 'preset'; id: EndTimePreset['id'] } | { kind: 'custom'; date: string; time: string };

/** A day the guard may end an override on, as the desk's locale writes it. */
export interface EndDay {
  date: string;
  label: string;
}

const two = (n: number) => String(n).padStart(2, '0');
const dateKey = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/**
 * Today and tomorrow: the server takes end times at most 24 hours ahead, so no other day can be
 * chosen. Labelled "Today, 29 Nov 2026" in the desk's own date words (shared/words/desk-time.ts).
 */
export function endDays(nowMs: number, locale?: string): EndDay[] {
  const today = new Date(nowMs);
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12);
  return [
    { date: dateKey(today), label: `Today, ${deskDate(today.getTime(), locale)}` },
    { date: dateKey(tomorrow), label: `Tomorrow, ${deskDate(tomorrow.getTime(), locale)}` },
  ];
}

/**
 * A time typed on the 24-hour clock: "18:30", "18.30", "1830" or "7:05". Never AM/PM: a guard at night
 * must not be able to mean 06:00 and send 18:00.
 */
export function parseTypedTime(typed: string): Checked<TimeOfDay> {
  const text = typed.trim();
  if (!text) return { ok: false, reason: 'Type the end time as HH:MM on the 24-hour clock, for example 18:30.' };
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) {
    return { ok: false, reason: `"${text}" is not a time on the 24-hour clock. Type it as HH:MM, for example 18:30.` };
  }
  return { ok: true, value: { hours, minutes } };
}

/**
 * The end time to send for a choice, checked at the moment of sending (a preset picked a while ago is
 * recomputed from now; a typed time may have passed since). `undefined` value: no end time, the
 * plain command. A refusal says why nothing is sent.
 */
export function resolveEndTime(choice: EndTimeChoice, now: Date, shiftEnd?: TimeOfDay): Checked<string | undefined> {
  if (choice.kind === 'schedule') return { ok: true, value: undefined };
  if (choice.kind === 'preset') {
    const preset = endTimePresets(now, shiftEnd).find((p) => p.id === choice.id);
    if (!preset) return { ok: false, reason: 'That preset is not available: no shift end is set.' };
    if (preset.refusal) return { ok: false, reason: preset.refusal };
    return { ok: true, value: preset.endTime.toISOString() };
  }
  const time = parseTypedTime(choice.time);
  if (!time.ok) return time;
  const end = parseLocalDateTime(`${choice.date}T${two(time.value.hours)}:${two(time.value.minutes)}`);
  if (Number.isNaN(end)) return { ok: false, reason: 'Choose the day the override ends: today or tomorrow.' };
  return checkEndTime(new Date(end), now);
}
