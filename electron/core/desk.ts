import type { CallName, CallResult, DeskService, EventName, EventPayload, calls } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import type { z } from 'zod';
import { ContractEvents } from './events';
import { SiteSession } from './site-session';
import type { OpenedSite, SiteChoice, SiteSource } from './site-source';
import type { CredentialSettings } from './vault/credential-settings';

type Params<K extends CallName> = z.infer<(typeof calls)[K]['params']>;

export interface DeskOptions {
  sites: SiteSource;
  /** The settings screen's operations; absent where a desk is built without a vault (tools, tests). */
  credentials?: CredentialSettings;
}

/**
 * The composition root: implements the desk contract over one site session at a time and the
 * settings screen's operations. Both shells (Electron and the browser host) hold exactly one of these
 * and only forward to it.
 */
export class Desk implements DeskService {
  private readonly events = new ContractEvents();
  private site: { opened: OpenedSite; session: SiteSession } | undefined;
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly options: DeskOptions) {}

  /** Connects to the site Settings chose (the demo site until configured); progress arrives as events. */
  start(): Promise<void> {
    return this.switchTo('auto');
  }

  async stop(): Promise<void> {
    await this.switching;
    await this.closeSite();
  }

  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    return this.events.on(name, listener);
  }

  async handle<K extends CallName>(name: K, params: Params<K>): Promise<CallResult<K>> {
    return (await this.route(name, params)) as CallResult<K>;
  }

  private async route(name: CallName, params: Params<CallName>): Promise<unknown> {
    switch (name) {
      case 'board.get':
        return this.session().snapshot();
      case 'item.command':
        return this.session().command(params as Params<'item.command'>);
      case 'site.connect':
        await this.switchTo((params as Params<'site.connect'>).site);
        return this.session().connection;
      default:
        return this.settings(name, params);
    }
  }

  /** The settings screen's calls; each answers with what the screen shows, never a secret. */
  private async settings(name: CallName, params: Params<CallName>): Promise<unknown> {
    const credentials = this.options.credentials;
    if (!credentials) throw new DeskError('invalid-call', 'This desk has no settings: it was started for a fixed site');
    switch (name) {
      case 'settings.overview':
        return credentials.overview();
      case 'settings.setApiKey':
        await credentials.setApiKey((params as Params<'settings.setApiKey'>).apiKey);
        return credentials.overview();
      case 'settings.deleteApiKey':
        await credentials.deleteApiKey();
        return credentials.overview();
      case 'settings.importCertificate':
        return credentials.importClientCertificate(params as Params<'settings.importCertificate'>);
      case 'settings.deleteCertificate':
        await credentials.deleteClientCertificate();
        return credentials.overview();
      case 'settings.setAuthForm':
        credentials.setAuthForm((params as Params<'settings.setAuthForm'>).authForm);
        return credentials.overview();
      case 'settings.chooseVaultMode': {
        const { mode, acknowledgeLessSafe } = params as Params<'settings.chooseVaultMode'>;
        await credentials.chooseVaultMode(mode, acknowledgeLessSafe);
        return credentials.overview();
      }
      case 'settings.probeServer':
        return credentials.probeServer((params as Params<'settings.probeServer'>).serverUrl);
      case 'settings.confirmServer': {
        const { serverUrl, sha256Fingerprint } = params as Params<'settings.confirmServer'>;
        return (await credentials.confirmServerCertificate(serverUrl, sha256Fingerprint)).summary;
      }
      default:
        throw new DeskError('invalid-call', `Unknown call: ${String(name)}`);
    }
  }

  private session(): SiteSession {
    if (!this.site) throw new DeskError('offline', 'The desk is not connected to any site yet');
    return this.site.session;
  }

  /** One switch at a time: a second request waits for the first, so two sessions never overlap. */
  private switchTo(choice: SiteChoice): Promise<void> {
    const run = this.switching.then(async () => {
      await this.closeSite();
      this.events.emit('board.items', []);
      let opened: OpenedSite;
      try {
        opened = await this.options.sites.open(choice);
      } catch (err) {
        // Say why on the connection bar (e.g. "No API key is stored: enter it in Settings").
        const reason = err instanceof DeskError ? err.message : 'The site could not be opened';
        this.events.emit('connection', { phase: 'offline', since: Date.now(), origin: '', demo: false, features: [], reason });
        throw err;
      }
      const session = new SiteSession(opened.config, this.events);
      this.site = { opened, session };
      session.start();
    });
    // A failed switch must not block the next one.
    this.switching = run.catch(() => undefined);
    return run;
  }

  private async closeSite(): Promise<void> {
    const site = this.site;
    this.site = undefined;
    if (!site) return;
    await site.session.stop();
    await site.opened.close();
  }
}
