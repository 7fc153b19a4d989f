/**
 * The human status text, standing in for the server's language pack. Clients must not parse it;
 * it is here so the board has something to show and so `status` can be derived from it.
 */
const WORDS: Record<string, string> = {
  unknown: 'Status unknown',
  controllerUnknown: 'Fetching status from the controller',
  unsaved: 'Not saved',
  deleted: 'Deleted',
  unconfigured: 'Not configured',
  remoteServerOffline: 'Remote server offline',
  processOffline: 'Hardware communication process not running',
  controllerOffline: 'Controller offline',
  notPolled: 'Not polled (shunted)',
  deviceNotResponding: 'Device not responding',
  encryptionKeysTampered: 'Encryption keys tampered',
  open: 'Open',
  closed: 'Closed',
  locked: 'Locked',
  unlocked: 'Unlocked',
  secure: 'Secure',
  free: 'Free',
  forced: 'Forced',
  openTooLong: 'Open too long',
  tamper: 'Tamper',
  dualAuth: 'Dual authorisation',
  codeOrCard: 'Code or card',
  lockedDown: 'Locked down',
  usePin: 'PIN required',
  zoneCountTooHigh: 'Zone count too high',
  zoneCountTooLow: 'Zone count too low',
  zoneCountInGrace: 'Zone count in grace period',
  thirdPartyOutputOnly: 'Third-party lock output only',
  mobileZone: 'Mobile reader zone',
  armed: 'Armed',
  disarmed: 'Disarmed',
  user1: 'User 1',
  user2: 'User 2',
  exitDelay: 'Exit delay',
  entryDelay: 'Entry delay',
  lowFeel: 'Low feel',
  highVoltage: 'High voltage',
  overridden: 'Overridden',
  deterrentUnknown: 'Energiser cabling problem',
  on: 'On',
  off: 'Off',
  hVPlusMode: 'High voltage plus',
  serviceMode: 'Service mode',
  voltageKnown: 'Voltage known',
  alert: 'Voltage alert',
  warning: 'Voltage warning',
  preArm: 'Pre-arm check',
  lockedOut: 'Locked out at keypad',
  parentAlert: 'Fence controller problem',
  isolated: 'Isolated',
};

export function statusTextOf(flags: readonly string[], own: Readonly<Record<string, string>> = {}): string {
  return flags.map((f) => own[f] ?? WORDS[f] ?? f).join('\n');
}

/** `status` is `statusText` on one line. */
export function statusLineOf(text: string): string {
  return text.replace(/\r?\n/g, ' ');
}
