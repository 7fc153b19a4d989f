import type { StatusReading } from './reading';

/**
 * Flags that mean the server has no current status for the item, in the priority order of docs/server-status-flags.md (a
 * later one means none of the earlier ones applies). Shared by every item type.
 */
const ABNORMAL: Record<string, string> = {
  unsaved: 'Not saved on the server yet',
  deleted: 'Deleted on the server',
  unconfigured: 'Not fully configured',
  remoteServerOffline: 'On another server that cannot be reached',
  processOffline: "Server's hardware communication is not running",
  controllerOffline: 'Controller offline',
  notPolled: 'Not polled (shunted): status not known',
  deviceNotResponding: 'Device not responding',
};

/** The two common flags that say the status is merely not known yet. */
const TRANSIENT: Record<string, string> = {
  unknown: 'Status not known yet',
  controllerUnknown: 'Fetching status from the controller',
};

/** Each table's flags in its priority order, listed once: every status of every item is read against them. */
const ABNORMAL_FLAGS = Object.keys(ABNORMAL);
const TRANSIENT_FLAGS = Object.keys(TRANSIENT);

/** The one flag allowed with an abnormal one, and only with `deviceNotResponding` (docs/server-status-flags.md). */
const KEYS_TAMPERED = 'encryptionKeysTampered';

export const COMMON_FLAG_WORDS: Record<string, string> = {
  ...ABNORMAL,
  ...TRANSIENT,
  [KEYS_TAMPERED]: 'Encryption keys tampered',
};

/**
 * The reading for an item whose flags say the server has no current status, or undefined when the
 * flags carry a real status. `wordOf` names the item type's own flags should any come along.
 *
 * Grey is split so the attention strip can rank it: the hardware path is down → `offline`; the
 * status is deliberately (shunted) or momentarily not known → `unknown`. Tampered encryption keys are
 * red whatever else is reported: someone has been at the device.
 */
export function readAbnormal(
  flags: readonly string[],
  wordOf: (flag: string) => string = (f) => COMMON_FLAG_WORDS[f] ?? f,
): StatusReading | undefined {
  const abnormal = ABNORMAL_FLAGS.find((f) => flags.includes(f));
  const transient = abnormal ? undefined : TRANSIENT_FLAGS.find((f) => flags.includes(f));
  const flag = abnormal ?? transient;
  if (!flag) return undefined;

  const words = flags.map(wordOf);
  const reasons = [COMMON_FLAG_WORDS[flag]!];
  const keysTampered = flags.includes(KEYS_TAMPERED);
  if (keysTampered) reasons.push(COMMON_FLAG_WORDS[KEYS_TAMPERED]!);

  // None of these flags (docs/server-status-flags.md) comes with another; if one does, its companions are not current.
  const allowed = new Set([flag, ...(flag === 'deviceNotResponding' ? [KEYS_TAMPERED] : [])]);
  const others = flags.filter((f) => !allowed.has(f));
  if (others.length > 0) {
    reasons.push(`In error: also reported ${others.map(wordOf).join(', ')}, which cannot be current with this status`);
  }

  if (keysTampered) return { verdict: 'alarm', words, reasons };
  const verdict = flag === 'notPolled' || transient ? 'unknown' : 'offline';
  return { verdict, words, reasons };
}
