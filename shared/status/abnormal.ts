import type { StatusReading } from './reading';

/**
 * Flags that mean the server has no current status for the item, in the spec's priority order, plus
 * the two common transient flags. Shared by every item type.
 */
const ABNORMAL: Record<string, string> = {
  unsaved: 'Not saved on the server yet',
  deleted: 'Deleted on the server',
  unconfigured: 'Not fully configured',
  remoteServerOffline: 'On another server that cannot be reached',
  processOffline: "Server's hardware communication is not running",
  controllerOffline: 'Controller offline',
  notPolled: 'Not polled (shunted)',
  deviceNotResponding: 'Device not responding',
};

const TRANSIENT: Record<string, string> = {
  unknown: 'Status not known yet',
  controllerUnknown: 'Fetching status from the controller',
};

export const COMMON_FLAG_WORDS: Record<string, string> = {
  ...ABNORMAL,
  ...TRANSIENT,
  encryptionKeysTampered: 'Encryption keys tampered',
};

/**
 * The reading for an item whose flags say the server has no current status, or undefined when the
 * flags carry a real status. `notPolled` is left to types where it is a normal, deliberate state.
 */
export function readAbnormal(flags: readonly string[], skip: readonly string[] = []): StatusReading | undefined {
  const words = flags.map((f) => COMMON_FLAG_WORDS[f] ?? f);
  const abnormal = Object.keys(ABNORMAL).find((f) => flags.includes(f) && !skip.includes(f));
  if (abnormal) {
    const reasons = [ABNORMAL[abnormal]!];
    if (flags.includes('encryptionKeysTampered')) reasons.push(COMMON_FLAG_WORDS.encryptionKeysTampered!);
    return { verdict: 'offline', words, reasons };
  }
  const transient = Object.keys(TRANSIENT).find((f) => flags.includes(f));
  if (transient) return { verdict: 'unknown', words, reasons: [TRANSIENT[transient]!] };
  return undefined;
}
