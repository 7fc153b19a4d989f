import type { CardholderMatch, DivisionEntry } from '../../../../shared/contract/directory';
import { EnrolRequest } from '../../../../shared/contract/enrolment';

export interface EnrolFormState {
  mode: 'new' | 'existing';
  firstName: string;
  lastName: string;
  divisionHref: string;
  /** The existing cardholder, picked by name. */
  existing: CardholderMatch | undefined;
  status: 'active' | 'disabled (manually)';
}

/**
 * The form as the request main will check, or the first thing wrong with it, in the server's own rules
 * (at least one name, a division, a cardholder picked by name): refused here, before anything is sent.
 */
export function enrolRequestOf(readId: string, form: EnrolFormState): { ok: true; request: EnrolRequest } | { ok: false; error: string } {
  if (form.mode === 'existing' && !form.existing) return { ok: false, error: 'Cardholder: type part of their name, then pick them from the list' };
  const cardholder =
    form.mode === 'new'
      ? {
          kind: 'new' as const,
          ...(form.firstName.trim() ? { firstName: form.firstName.trim() } : {}),
          ...(form.lastName.trim() ? { lastName: form.lastName.trim() } : {}),
          divisionHref: form.divisionHref,
        }
      : { kind: 'existing' as const, href: form.existing!.href, name: form.existing!.name };
  const parsed = EnrolRequest.safeParse({ readId, cardholder, status: form.status });
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.at(-1);
  const label: Record<string, string> = { firstName: 'Name', lastName: 'Name', divisionHref: 'Division', href: 'Cardholder' };
  return { ok: false, error: `${label[String(field)] ?? 'Enrolment'}: ${issue?.message ?? 'not valid'}` };
}

/** A division as the choice list names it: its name, and its parent's only where two share that name. */
export function divisionLabel(division: DivisionEntry, all: readonly DivisionEntry[]): string {
  const shared = all.some((d) => d !== division && d.name === division.name);
  return shared && division.parentName ? `${division.name} (in ${division.parentName})` : division.name;
}
