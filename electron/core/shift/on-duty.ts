/**
 * The operator signed in at the desk, as the overrides and the shift report need them. The operator
 * session (electron/core/operators/) provides it; tests give their own.
 */
export interface OperatorOnDuty {
  /** The roster's id for the operator, where there is a roster. */
  id?: string;
  name: string;
  /** The server's cardholder the operator is. */
  cardholderId: string;
  /** When they signed in (ms since the epoch): their shift so far starts here. */
  since: number;
}

/** The name an override or report carries when nobody is signed in (a desk without a roster yet). */
export const NOBODY_SIGNED_IN = 'Nobody signed in';
