import { fileURLToPath } from 'node:url';
import type { DeskService } from '../../../shared/contract';
import { composeDesk, type ComposeOptions } from '../compose/compose-desk';
import { JsonFileSettingsStore } from '../../core/vault/settings/json-file-settings-store';
import type { Logger } from '../../core/log';
import { browserHostLoginItem } from './host-kiosk';

export interface HostDeskOptions {
  settingsDir: string;
  logger: Logger;
  demo: NonNullable<ComposeOptions['demo']>;
  /** How the host quits once the exit PIN matched. */
  quit: () => void;
  /** How long a sign-in policy minute lasts (tests of the idle lock). */
  policyMinuteMs?: number;
}

export interface HostDesk {
  desk: DeskService & { stop(): Promise<void> };
  /** The embedded demo site, when the desk started on it. */
  demoSite?: { url: string; controlUrl?: string | undefined };
}

/**
 * The desk the browser host serves, composed and started. cli.ts imports this module only once the
 * page is already being served: loading the core and reading the stored board take most of a cold
 * start, and the browser loads the page meanwhile.
 */
export async function startHostDesk(options: HostDeskOptions): Promise<HostDesk> {
  let demoSite: HostDesk['demoSite'];
  const desk = composeDesk({
    logger: options.logger,
    kiosk: { profile: 'desk', ...browserHostLoginItem(), quit: options.quit },
    settings: new JsonFileSettingsStore(options.settingsDir),
    settingsDir: options.settingsDir,
    demoPlansDir: fileURLToPath(new URL('../../../resources/plans', import.meta.url)),
    demo: options.demo,
    ...(options.policyMinuteMs ? { policyMinuteMs: options.policyMinuteMs } : {}),
    demoStarted: (site) => (demoSite = site),
  });
  await desk.start().catch(() => undefined); // a site that cannot be opened is reported on the connection bar
  return { desk, demoSite };
}
