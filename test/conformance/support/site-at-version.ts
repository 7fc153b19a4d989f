import { afterAll, beforeAll, describe } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../electron/simulator/index';
import { TestClient, withQuery, type Reply } from '../../integration/simulator/support';
import { RequestRecorder } from './request-recorder';

/** The versions the conformance layer checks: before 9.0, 9.0 (Basic, canonical type names) and the newest simulated. */
export const CONFORMANCE_VERSIONS = ['8.60', '9.0', '9.40'] as const;

/** A simulator at one version, a client of it, and every request it received. */
export interface SiteAtVersion {
  readonly version: string;
  readonly sim: RunningSimulator;
  readonly client: TestClient;
  readonly recorder: RequestRecorder;
  /** GET an href (or a path on the simulator) with query parameters added to any it already has. */
  get(href: string, query?: Record<string, string>): Promise<Reply>;
  /** `features.<group>.<key>.href` from `GET /api`, or undefined where this version or site has none. */
  feature(group: string, key: string): Promise<string | undefined>;
}

/**
 * One describe block per conformance version, each with its own simulator (demo site unless
 * `options.site` names another; no scenario, so nothing moves unless a test moves it).
 */
export function describeAtVersions(
  title: string,
  body: (site: () => SiteAtVersion) => void,
  options: SimulatorOptions = {},
  versions: readonly string[] = CONFORMANCE_VERSIONS,
): void {
  for (const version of versions) {
    describe(`${title} at ${version}`, () => {
      let current: SiteAtVersion | undefined;
      beforeAll(async () => {
        current = await startSiteAt(version, options);
      });
      afterAll(async () => {
        await current?.client.close();
        await current?.sim.stop();
      });
      body(() => {
        if (!current) throw new Error(`the ${version} simulator did not start`);
        return current;
      });
    });
  }
}

export async function startSiteAt(version: string, options: SimulatorOptions = {}): Promise<SiteAtVersion> {
  const recorder = new RequestRecorder();
  const sim = await startSimulator({ scenario: false, updatesTimeoutMs: 1_000, statusFetchMs: 10, ...options, version, onRequest: recorder.record });
  const client = new TestClient(sim);
  const url = (href: string) => (href.startsWith('http') ? href : `${sim.url}${href}`);
  return {
    version,
    sim,
    client,
    recorder,
    get: (href, query = {}) => client.get(withQuery(url(href), query)),
    feature: async (group, key) => {
      const api = await client.get('/api');
      const href: unknown = api.json?.features?.[group]?.[key]?.href;
      return typeof href === 'string' ? href : undefined;
    },
  };
}
