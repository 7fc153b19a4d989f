import type { CommandRequest } from '../../../shared/contract';
import { versionAtLeast } from '../../../shared/version';

/** cc_rest.yaml / docs/server-interface.md: `requested_by` on an override is honoured from 8.70. */
export const REQUESTED_BY_FROM = '8.70';

/**
 * Who an override is sent as: the cardholder the guard picked in "On behalf of", else the signed-in
 * operator's own cardholder where the server takes `requested_by` (8.70 and later), else nobody.
 */
export function withRequestedBy(request: CommandRequest, operatorCardholderId: string | undefined, serverVersion: string | undefined): CommandRequest {
  if (request.requestedBy !== undefined || operatorCardholderId === undefined) return request;
  if (serverVersion === undefined || !versionAtLeast(serverVersion, REQUESTED_BY_FROM)) return request;
  return { ...request, requestedBy: operatorCardholderId };
}
