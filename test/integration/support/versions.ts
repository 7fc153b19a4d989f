import type { TestContext } from 'vitest';
import { DeskError } from '../../../shared/errors';

/** The server versions every call is tested at. */
export const VERSIONS = ['8.00', '8.50', '8.70', '9.30', '9.40'] as const;

/** Numeric dotted comparison, as the client does it. */
export function atLeast(version: string, wanted: string): boolean {
  const a = version.split('.').map(Number);
  const b = wanted.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/**
 * Runs a call the simulator may not serve yet (it grows over the session). A 404 from it skips the
 * test with a note naming what is missing, so the suite runs in full as soon as the simulator has it.
 */
export async function orSkipIfMissing<T>(ctx: TestContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DeskError && err.code === 'not-found') ctx.skip(`the simulator does not serve ${what} yet (404)`);
    throw err;
  }
}
