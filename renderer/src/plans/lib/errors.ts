import { DeskError } from '../../../../shared/errors';

/** A failure in words for the guard: main's own message when it gave one. */
export function describeError(err: unknown): string {
  if (err instanceof DeskError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
