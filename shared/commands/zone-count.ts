import type { Checked } from './checked';

/** Checks a zone count typed by an operator before setZoneCount sends it (`{zoneCount: integer}`). */
export function checkZoneCount(input: string | number): Checked<number> {
  const text = String(input).trim();
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    return { ok: false, reason: `"${text}" is not a zone count. Enter a whole number of people, 0 or more.` };
  }
  return { ok: true, value: Number(text) };
}
