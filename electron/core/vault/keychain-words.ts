/** Raw keychain library reasons that mean no Secret Service / keychain daemon answers at all. */
const NOT_RUNNING = /d-?bus|autolaunch|org\.freedesktop|secret.?service|no such file|connection refused|socket|x11/i;
const LOCKED = /unlock|locked/i;

/** The way out anywhere outside Settings' own section: where the key file choice is. */
export const KEY_FILE_WAY_OUT = 'or choose the less-safe key file in Settings → “Where secrets are kept”';

/**
 * Why the keychain cannot be used, in words: what is wrong and what to do, never the D-Bus or library
 * text underneath (it goes to the log). `choice` names the other way out as seen from where the text is
 * shown; empty where there is none (the less-safe file is already in use). `again`: what to do once it
 * runs ("open this screen again" in Settings, "try again" elsewhere).
 */
export function keychainWords(rawReason: string, choice = 'or choose the less-safe key file under "Where secrets are kept"', again = 'open this screen again'): string {
  const tail = choice ? `, ${choice}` : '';
  if (LOCKED.test(rawReason)) {
    return `This computer's keychain is locked: unlock it (log in to the desktop session) and ${again}${tail}.`;
  }
  if (NOT_RUNNING.test(rawReason)) {
    return "This computer has no keychain running (no Secret Service such as GNOME Keyring or KWallet answers): " + `start one and ${again}${tail}.`;
  }
  return `This computer's keychain could not be used: check that it is running and unlocked${tail}.`;
}
