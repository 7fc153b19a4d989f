import type { EnrolmentReadiness } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import { chuidHashRequired } from '../../../shared/piv/chuid-hash-rule';
import { findPivCardType } from '../api/card-types';
import { discover, type Discovery } from '../api/discovery';
import { CARDHOLDERS_LINK, linkFor } from '../api/features';
import { Transport } from '../api/transport';
import type { DeskConfig } from '../config';

/** The server as enrolment needs it: discovery, and the PIV card type found there (never remembered). */
export interface EnrolmentServer {
  transport: Transport;
  discovery: Discovery;
  pivCardType: { href: string; name?: string };
}

/**
 * Enrolment's own connection to the desk's current site. It has a transport of its own so a queued
 * enrolment can be sent whatever the board's long-polls are doing, and follows the desk when it
 * switches site (a new config object means a new site).
 */
export class SiteLink {
  private current: { config: DeskConfig; transport: Transport; readiness?: EnrolmentReadiness; server?: EnrolmentServer } | undefined;

  constructor(private readonly siteConfig: () => DeskConfig | undefined) {}

  /** The origin enrolments are kept for; undefined while no site is open. */
  origin(): string | undefined {
    return this.link()?.transport.origin;
  }

  /** What the server offers for enrolment, as found at the last successful discovery. */
  readiness(): EnrolmentReadiness {
    return this.link()?.readiness ?? { known: false, missing: [] };
  }

  /**
   * Discovers the server and its PIV card type; throws `licence` naming exactly what is missing. With
   * `reuse`, what was found on this site before is used without asking again: sending a kept
   * enrolment then costs one request, the one that matters.
   */
  async server(options: { reuse?: boolean } = {}): Promise<EnrolmentServer> {
    const link = this.link();
    if (!link) throw new DeskError('offline', 'The desk is not connected to any site yet');
    if (options.reuse && link.server) return link.server;
    const discovery = await discover(link.transport);
    const missing: string[] = [];
    let pivCardType: EnrolmentServer['pivCardType'] | undefined;
    if (!linkFor(discovery, ...CARDHOLDERS_LINK)) {
      missing.push('the RESTCardholders licence (the server offers no cardholder calls)');
    } else {
      try {
        const type = await findPivCardType(link.transport, discovery);
        pivCardType = { href: type.href, ...(type.name ? { name: type.name } : {}) };
      } catch (error) {
        if (!(error instanceof DeskError) || (error.code !== 'not-found' && error.code !== 'licence')) throw error;
        missing.push('a PIV card type (no card type this operator may assign has credentialClass "piv")');
      }
    }
    link.readiness = {
      known: true,
      serverVersion: discovery.version,
      missing,
      ...(pivCardType ? { pivCardType } : {}),
      chuidHashRequired: chuidHashRequired(discovery.version),
    };
    if (!pivCardType) throw new DeskError('licence', `This server cannot take PIV enrolments: it lacks ${missing.join(' and ')}`);
    link.server = { transport: link.transport, discovery, pivCardType };
    return link.server;
  }

  /** The transport for the current site, without discovery (reading cardholders back). */
  transport(): Transport {
    const link = this.link();
    if (!link) throw new DeskError('offline', 'The desk is not connected to any site yet');
    return link.transport;
  }

  async close(): Promise<void> {
    const link = this.current;
    this.current = undefined;
    await link?.transport.close();
  }

  private link() {
    const config = this.siteConfig();
    if (this.current?.config === config) return this.current;
    const old = this.current;
    this.current = undefined;
    void old?.transport.close();
    if (!config) return undefined;
    const { baseUrl, apiKey, auth, tls, explainTlsFailure } = config;
    this.current = { config, transport: new Transport({ baseUrl, apiKey, auth, tls, explainTlsFailure, timeoutMs: 15_000, getRetry: false }) };
    return this.current;
  }
}
