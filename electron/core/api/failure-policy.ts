import type { DeskError } from '../../../shared/errors';

/**
 * The one rule for what happens after a request fails, used by GET retries, the watchers, the site
 * session and its probe:
 *
 * - final: never retried behind the operator's back. A refused key or client certificate (401)
 *   counts towards the server's failure-flood alarm (docs/server-interface.md §Authentication), so the
 *   first one stops every request of the site; a refused server certificate needs the operator to
 *   look at it.
 * - transient: the request may work if sent again soon (dropped connection, timeout, 5xx).
 * - persistent: the server answered, but not with what was asked (licence, privilege, malformed
 *   answer, a link off the origin). Retrying soon repeats it; the item is shown stale with the reason
 *   and tried again slowly, since licences and privileges can come back.
 */
export type FailureKind = 'final' | 'transient' | 'persistent';

export function isFinal(err: DeskError): boolean {
  return err.code === 'unauthorised' || err.code === 'certificate';
}

export function isTransient(err: DeskError): boolean {
  return err.code === 'network' || err.code === 'timeout' || err.code === 'server-error';
}

export function failureKind(err: DeskError): FailureKind {
  if (isFinal(err)) return 'final';
  return isTransient(err) ? 'transient' : 'persistent';
}
