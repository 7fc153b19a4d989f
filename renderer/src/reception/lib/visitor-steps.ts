import { clockTime as deskClock } from '../../../../shared/words/desk-time';
import type { VisitorState } from '../../../../shared/contract/reception';

/** One click in a visitor's day: the state it moves them to, in the receptionist's words. */
export interface VisitorStep {
  to: VisitorState;
  label: string;
}

/**
 * The next steps from each state, the usual one first: expected → signing in → signed in / on site →
 * out and expected back → on site again, and signed out (departed) or cancelled. A finished visitor
 * has none.
 */
export const NEXT_STEPS: Record<VisitorState, readonly VisitorStep[]> = {
  expected: [
    { to: 'signingIn', label: 'Signing in' },
    { to: 'signedIn', label: 'Sign in' },
    { to: 'cancelled', label: 'Cancel' },
  ],
  signingIn: [
    { to: 'signedIn', label: 'Sign in' },
    { to: 'cancelled', label: 'Cancel' },
  ],
  signedIn: [
    { to: 'onSite', label: 'On site' },
    { to: 'departed', label: 'Sign out' },
  ],
  onSite: [
    { to: 'expectedBack', label: 'Out, back later' },
    { to: 'departed', label: 'Sign out' },
  ],
  expectedBack: [
    { to: 'onSite', label: 'Back on site' },
    { to: 'departed', label: 'Sign out' },
  ],
  departed: [],
  cancelled: [],
};

export const STATE_WORDS: Record<VisitorState, string> = {
  expected: 'Expected',
  signingIn: 'Signing in',
  signedIn: 'Signed in',
  onSite: 'On site',
  expectedBack: 'Out, expected back',
  departed: 'Signed out',
  cancelled: 'Cancelled',
};

/** The host notification that fits the state: signing in, or on site. */
export function notificationFor(state: VisitorState | undefined): 'signingIn' | 'onSite' | undefined {
  if (state === 'signingIn') return 'signingIn';
  if (state === 'signedIn' || state === 'onSite') return 'onSite';
  return undefined;
}

/** "09:30" in the desk's time. */
export function clockTime(iso: string | undefined): string {
  if (!iso) return '—';
  return deskClock(Date.parse(iso));
}

/** Visits whose name, host or any visitor holds every word typed (case-insensitive). */
export function matchesSearch(text: string, visit: { name: string; host?: { name: string }; visitors: { name: string }[] }): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [visit.name, visit.host?.name ?? '', ...visit.visitors.map((v) => v.name)].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}
