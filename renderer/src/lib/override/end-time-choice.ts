import { checkEndTime, endTimePresets, type Checked, type EndTimePreset, type TimeOfDay } from '../../../../shared/commands';
import { parseLocalDateTime } from './local-date-time';

/**
 * How long a timed mode lasts, as the operator chose it in the override dialog: until the zone's next
 * scheduled change (the plain command), a preset, or a time typed in the `datetime-local` field.
 */
export type EndTimeChoice = { kind: 'schedule' } | { kind: 'preset'; id: EndTimePreset['id'] } | { kind: 'custom'; local: string };

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
  if (!choice.local) return { ok: false, reason: 'Choose an end time.' };
  const end = parseLocalDateTime(choice.local);
  if (Number.isNaN(end)) return { ok: false, reason: `"${choice.local}" is not a date and time that exists.` };
  return checkEndTime(new Date(end), now);
}
