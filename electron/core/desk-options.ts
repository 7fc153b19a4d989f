import type { DemoAlarmControl } from './handlers/demo-handlers';
import type { EnrolmentOptions } from './enrolment/enrolment-service';
import type { KioskSettings } from './kiosk/kiosk-settings';
import type { DeskRecords } from './offline/desk-records';
import type { OperatorOptions } from './operators/desk-operators';
import type { SiteSource } from './site-source';
import type { CredentialSettings } from './vault/credential-settings';
import type { SettingsStore } from './vault/settings/settings-store';

/** What a shell hands the desk it builds (electron/shells/compose): each part absent where that desk has none. */
export interface DeskOptions {
  sites: SiteSource;
  /** The settings screen's operations; absent where a desk is built without a vault (tools, tests). */
  credentials?: CredentialSettings;
  /** PIV enrolment: card readers and the outbox; absent where a desk is built without them. */
  enrolment?: EnrolmentOptions;
  /** Autostart and the exit PIN; absent in tools and tests. */
  kiosk?: KioskSettings;
  /** The local store and the audit log over it; closed when the desk stops. Absent in tools and some tests. */
  records?: DeskRecords;
  /** Where the board's layout is kept (the shell's settings store); in memory when absent. */
  settings?: SettingsStore;
  /** Who is at the desk: the profile (the kiosk has no desk-PIN fallback by default) and the card reader's sign-in. */
  operators?: OperatorOptions;
  /** The demo card issuer's CA certificate(s), trusted for card sign-in while the desk shows the demo site. */
  demoCardAnchors?: () => Promise<Uint8Array[]>;
  /** The demo site's alarm pace (Settings → Demo site); absent where no demo site can run. */
  demoAlarms?: DemoAlarmControl;
}
