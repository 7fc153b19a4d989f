import { KeychainUnavailableError, VaultError } from './errors';

/** Raw keychain library reasons that mean no Secret Service / keychain daemon answers at all. */
const NOT_RUNNING = /d-?bus|autolaunch|org\.freedesktop|secret.?service|no such file|connection refused|socket/i;
const LOCKED = /unlock|locked/i;

/**
 * Why the keychain cannot be used, said for someone already in Settings: what is wrong and what to do,
 * without the D-Bus or library text underneath. `choice` names the other way out as seen from where the
 * text is shown; empty where there is none (the less-safe file is already in use).
 */
export function keychainWords(rawReason: string, choice = 'or choose the less-safe key file under "Where secrets are kept"'): string {
  const tail = choice ? `, ${choice}` : '';
  if (LOCKED.test(rawReason)) {
    return `This computer's keychain is locked: unlock it (log in to the desktop session) and open this screen again${tail}.`;
  }
  if (NOT_RUNNING.test(rawReason)) {
    return (
      "This computer has no keychain running (no Secret Service such as GNOME Keyring or KWallet answers): " +
      `start one and open this screen again${tail}.`
    );
  }
  return `This computer's keychain could not be used: check that it is running and unlocked${tail}.`;
}

/** Runs a store operation; a keychain failure comes back as `what` was not done, in keychainWords. */
export async function withKeychainWords<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof KeychainUnavailableError) throw new VaultError('keychain-unavailable', `${what}. ${keychainWords(err.message)}`);
    throw err;
  }
}
