import { VaultError } from '../../../../electron/core/vault/errors';

/** The VaultError `run` throws; anything else thrown, or nothing, fails the test. */
export function failureOf(run: () => unknown): VaultError {
  try {
    run();
  } catch (err) {
    if (err instanceof VaultError) return err;
    throw err;
  }
  throw new Error('expected a VaultError');
}
