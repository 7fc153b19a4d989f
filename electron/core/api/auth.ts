/**
 * The two Authorization header forms (docs/server-interface.md §Authentication). The key is opaque (not a GUID, other formats may come).
 * The scheme word is configurable because real servers carry a vendor name there; gateways are strict
 * about it, so it is sent exactly as configured.
 */
export type AuthForm = { kind: 'scheme'; scheme: string } | { kind: 'basic' };

export const DEFAULT_AUTH: AuthForm = { kind: 'scheme', scheme: 'SERVICE-API-KEY' };

export function authorizationHeader(form: AuthForm, apiKey: string): string {
  if (form.kind === 'basic') return `Basic ${Buffer.from(`:${apiKey}`, 'utf8').toString('base64')}`;
  return `${form.scheme} ${apiKey}`;
}
