import { startTrace } from '../../core/log/start-trace';
import { hostname } from 'node:os';
import { Desk } from '../../core/desk';
import { limitHeapGrowth } from '../../core/heap-growth';
import { SqliteOutboxStore } from '../../core/enrolment/outbox-sqlite-store';
import { demoCardSlot } from './demo-card-slot';
import { DemoPivReader } from './demo-reader';
import { openDeskRecords } from '../../core/offline/desk-records';
import { DemoPorts } from './demo-ports';
import { settingsSites } from '../../core/site-source';
import { CredentialSettings } from '../../core/vault/credential-settings';
import type { SettingsStore } from '../../core/vault/settings/settings-store';
import { Vault } from '../../core/vault/vault';
import type { RunningSimulator, SimulatorOptions } from '../../simulator/index';
import type { LoginItem } from '../../core/kiosk/autostart';
import { KioskSettings } from '../../core/kiosk/kiosk-settings';
import type { Logger } from '../../core/log/logger';
import { seedDemoPlans } from '../../core/plans/demo-seed';
import { PivReaderService } from '../../core/piv/reader-service';
import type { PcscFactory } from '../../core/piv/pcsc-binding';
import { readDemoPlans } from './demo-plans';
import { NIGHT_ALARMS_PER_HOUR, type DemoAlarmPace } from '../../../shared/contract/demo';

/** Where the demo's alarm pace is kept among the desk's settings. */
const DEMO_PACE_KEY = 'demoAlarmPace';

export interface ComposeOptions {
  /** The shell's settings store: electron-store in Electron, the same file format under the browser host. */
  settings: SettingsStore;
  /** The settings folder (the less-safe key file lives here, when chosen). */
  settingsDir: string;
  /** How the embedded demo site runs (the browser host's CLI turns its scenario off for tests). */
  demo?: SimulatorOptions;
  /** Told each time the demo site starts, e.g. to print its control API for demos and tests. */
  demoStarted?: (simulator: RunningSimulator) => void;
  /** Open PC/SC readers (default true where pcscd runs); the demo reader is always there. */
  pcsc?: boolean;
  /** Where the demo site's floor drawings are (resources/plans, or the packaged app's copy); none seeded when absent. */
  demoPlansDir?: string;
  /**
   * Native modules built for the shell's runtime, where they are not the ones in node_modules (those
   * are built for Node): better-sqlite3's compiled module, and how to load @pokusew/pcsclite.
   */
  native?: { sqliteBinding?: string; loadPcsc?: () => PcscFactory };
  /** Main's structured log (the shell decides the folder and level). */
  logger: Logger;
  /** How long a sign-in policy minute lasts (60 s); shorter only where a test watches the idle lock. */
  policyMinuteMs?: number;
  kiosk: {
    profile: 'kiosk' | 'desk';
    /** How this shell starts at login; absent where it cannot, with the reason. */
    loginItem?: LoginItem;
    unsupportedReason?: string;
    /** How this shell quits, once the exit PIN matched. */
    quit: () => void;
  };
}

/** Builds the desk both shells run: settings, vault, the settings screen's operations, kiosk settings and the sites. */
export function composeDesk(options: ComposeOptions): Desk {
  // Before the first catalogue: the desk's peak memory is the garbage V8 lets build up between collections.
  limitHeapGrowth();
  const vault = Vault.create(options.settings, options.settingsDir);
  const demoReader = new DemoPivReader();
  // The demo reader's insert/remove controls show on the demo site; GATEHOUSE_DEMO_READER=always keeps
  // them on a configured site too (training, and tests that stop a separately started server).
  let onDemoSite = false;
  const demoControls = () => onDemoSite || process.env.GATEHOUSE_DEMO_READER === 'always';
  const ports = new DemoPorts();
  // The demo's alarm pace, chosen in Settings → Demo site and kept in the settings; applied to each demo site started.
  let demoSite: RunningSimulator | undefined;
  const paceOf = (pace: DemoAlarmPace) => (pace === 'off' ? 0 : NIGHT_ALARMS_PER_HOUR);
  const demoPace = (): DemoAlarmPace => (options.settings.get(DEMO_PACE_KEY) === 'off' ? 'off' : 'night');
  const demoAlarms = {
    get: () => ({ onDemoSite: demoSite !== undefined, pace: demoPace(), perHour: paceOf(demoPace()) }),
    set: (pace: DemoAlarmPace) => {
      options.settings.set(DEMO_PACE_KEY, pace);
      demoSite?.scenario?.setPace(paceOf(pace));
      options.logger.info('demo.alarms', { pace });
      return demoAlarms.get();
    },
  };
  const kiosk = new KioskSettings(options.settings, { ...options.kiosk, logger: options.logger });
  try {
    kiosk.applyAutostart();
  } catch (err) {
    options.logger.warn('kiosk.autostart-failed', { reason: (err as Error).message });
  }
  // The local store (audit log, last-known board) lives in the settings folder; the desk closes it on stop.
  const records = openDeskRecords({
    dir: options.settingsDir,
    desk: hostname(),
    sealer: () => vault.localDataSealer(),
    ...(options.native?.sqliteBinding ? { nativeBinding: options.native.sqliteBinding } : {}),
  });
  startTrace.mark('store-opened');
  const loadPcsc = options.native?.loadPcsc;
  const pcsc = options.pcsc === false ? false : loadPcsc ? () => PivReaderService.open({ load: loadPcsc }) : true;
  // The demo shows its drawings on first run. They are seeded when the demo site opens, not at every
  // start: a desk on a configured site never shows them, and checking a drawing loads the SVG
  // sanitiser (≈1.8 s here). A demo without them is still a demo, so a failure only says why.
  const seedPlans = () => {
    if (!options.demoPlansDir) return;
    try {
      seedDemoPlans(records.store, readDemoPlans(options.demoPlansDir));
    } catch (err) {
      options.logger.warn('demo.plans-not-seeded', { dir: options.demoPlansDir, reason: (err as Error).message });
    }
  };
  return new Desk({
    records,
    sites: settingsSites(options.settings, vault, async () => {
      seedPlans();
      const site = await ports.start(options.demo);
      options.logger.info('demo.started', { url: site.simulator.url, control: site.simulator.controlUrl !== undefined });
      options.demoStarted?.(site.simulator);
      onDemoSite = true;
      demoSite = site.simulator;
      // A scenario the shell turned off (tests) stays off; otherwise the pace chosen last.
      if (site.simulator.scenario?.pace() !== undefined) site.simulator.scenario.setPace(paceOf(demoPace()));
      return { ...site, close: () => ((onDemoSite = false), (demoSite = undefined), site.close()) };
    }),
    credentials: new CredentialSettings(options.settings, vault),
    enrolment: {
      demo: { reader: demoReader, slot: demoCardSlot(demoReader), controls: demoControls },
      pcsc,
      outbox: new SqliteOutboxStore(records.store, () => vault.localDataSealer()),
      audit: records.audit,
    },
    kiosk,
    settings: options.settings,
    operators: { profile: options.kiosk.profile, ...(options.policyMinuteMs ? { minuteMs: options.policyMinuteMs } : {}) },
    // Loaded with the first look at sign-in trust on the demo site: the demo card issuer's CA, made in this process.
    demoAlarms,
    demoCardAnchors: async () => {
      const { demoCardAuthority } = await import('../../simulator/piv-card/test-credentials');
      return [(await demoCardAuthority()).certificate.der];
    },
  });
}
