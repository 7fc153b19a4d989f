import { request } from 'undici';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { discover, type Discovery } from '../../../electron/core/api/discovery';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../electron/simulator/index';
import { Transport, type TransportOptions } from '../../../electron/core/api/transport';
import type { DeskConfig } from '../../../electron/core/config';
import { deskConfigFor } from '../../support/desk-config';

/**
 * A simulator on ephemeral ports with no scenario (tests move things themselves) and short long-polls.
 * Its doors and inputs discovery links carry a query string of their own, so every core test proves
 * the client appends its parameters to a link that has one (a real server's links are plain).
 */
export function startTestSite(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ scenario: false, updatesTimeoutMs: 1_000, queryStringLinks: true, ...options });
}

export { deskConfigFor };

/** A transport to the site; `options` tunes it (long-poll budget, protocol, retries). */
/** A test site (see startTestSite), stopped when the test ends. */
export async function siteForThisTest(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const site = await startTestSite(options);
  onTestFinished(() => site.stop());
  return site;
}

/** A transport to the site (see transportFor), closed when the test ends. */
export function transportForThisTest(...args: Parameters<typeof transportFor>): Transport {
  const transport = transportFor(...args);
  onTestFinished(() => transport.close());
  return transport;
}

export function transportFor(
  site: RunningSimulator,
  overrides: Partial<DeskConfig> = {},
  options: Partial<TransportOptions> = {},
): Transport {
  const config = deskConfigFor(site, overrides);
  return new Transport({ baseUrl: config.baseUrl, apiKey: config.apiKey, auth: config.auth, tls: config.tls, ...options });
}

/** The simulator's control API, as tests and demos drive it. */
export const control = {
  async setDoor(site: RunningSimulator, id: string, state: Record<string, boolean>): Promise<void> {
    const res = await request(`${site.controlUrl}/items/doors/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(state),
    });
    await res.body.text();
    if (res.statusCode !== 204) throw new Error(`control PATCH door ${id}: ${res.statusCode}`);
  },
  async events(site: RunningSimulator, since = 0): Promise<Array<Record<string, unknown>>> {
    const res = await request(`${site.controlUrl}/events?since=${since}`);
    const body = (await res.body.json()) as { events: Array<Record<string, unknown>> };
    return body.events;
  },
};

/** Resolves once `predicate` holds, polling; rejects with `what` after `ms`. */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface DiscoveredSite {
  site: RunningSimulator;
  transport: Transport;
  discovery: Discovery;
}

/**
 * For a describe block: a simulator started before its tests, a transport to it and its discovery,
 * all stopped after them. Read the fields inside tests (they are set in beforeAll).
 */
export function useDiscoveredSite(options: SimulatorOptions = {}): DiscoveredSite {
  const live = {} as DiscoveredSite;
  beforeAll(async () => {
    live.site = await startTestSite(options);
    live.transport = transportFor(live.site);
    live.discovery = await discover(live.transport);
  });
  afterAll(async () => {
    await live.transport?.close();
    await live.site?.stop();
  });
  return live;
}
