import type { ItemKind } from '../../../../shared/domain';

/**
 * What an override sent without an end time lasts for, in the override dialog's words. A zone goes
 * back to its schedule at the next change; an output's override holds until it is cancelled, unless
 * a schedule of the output's own switches it first (cc_rest.yaml: cancel returns the output "to its
 * previous state").
 */
export function untimedWords(kind: ItemKind): string {
  return kind === 'output' ? 'Until cancelled (or the next scheduled change)' : 'Until the next scheduled change';
}
