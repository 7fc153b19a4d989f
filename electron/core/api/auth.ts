import { STANDARD_AUTH_SCHEME } from '../../../shared/settings/auth-scheme';
import type { AuthFormName } from '../../../shared/settings/calls';

/**
 * The two Authorization header forms (docs/server-interface.md §Authentication). The key is opaque (not
 * a GUID, other formats may come). Real servers want the scheme word `GGL-API-KEY`; it is configurable
 * for gateways that want another spelling, and gateways are strict about it, so it is sent exactly as
 * configured, with one space before the key.
 */
export type AuthForm = { kind: 'scheme'; scheme: string } | { kind: 'basic' };

export const DEFAULT_AUTH: AuthForm = { kind: 'scheme', scheme: STANDARD_AUTH_SCHEME };

export function authorizationHeader(form: AuthForm, apiKey: string): string {
  // Basic: a blank user name, a colon, then the key (a server ignores any user name).
  if (form.kind === 'basic') return `Basic ${Buffer.from(`:${apiKey}`, 'utf8').toString('base64')}`;
  return `${form.scheme} ${apiKey}`;
}

/** The header form from the settings: older desks stored only 'api-key-scheme', which means the standard word. */
export function authFormFromSettings(form: AuthFormName | undefined, scheme: string | undefined): AuthForm {
  if (form === 'basic') return { kind: 'basic' };
  return { kind: 'scheme', scheme: scheme ?? STANDARD_AUTH_SCHEME };
}

