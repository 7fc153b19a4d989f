import { DeskError } from '../../../../shared/errors';

/** A failed command in plain words: whether it was sent at all, and the server's or Gatehouse's reason. */
export function describeCommandFailure(label: string, err: unknown): string {
  if (!(err instanceof DeskError)) return `${label} failed: ${err instanceof Error ? err.message : String(err)}`;
  switch (err.code) {
    case 'offline':
      return `Not sent (offline, never queued): ${err.message}`;
    case 'network':
    case 'timeout':
      return `${label}: no answer — check the item before trying again. ${err.message}`;
    case 'forbidden':
    case 'licence':
    case 'bad-request':
    case 'not-found':
    case 'unauthorised':
      return `Refused: ${err.message}`;
    default:
      return `${label} failed: ${err.message}`;
  }
}
