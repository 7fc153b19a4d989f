import { SimClock } from '../../../electron/simulator/clock';
import { EventLog } from '../../../electron/simulator/model/event-log';
import { World } from '../../../electron/simulator/model/world';
import { DEMO_SITE_PATH, loadSite } from '../../../electron/simulator/site/load';
import type { SiteDefinition } from '../../../electron/simulator/site/schema';
import { ServerVersion } from '../../../electron/simulator/version';

/** A live model of the demo site (or another) without any HTTP, for rule-by-rule checks. */
export function demoWorld(version = '9.40', site: SiteDefinition | string = DEMO_SITE_PATH): World {
  const clock = new SimClock();
  return new World(loadSite(site), new ServerVersion(version), clock, new EventLog(() => clock.now()), {
    watchWindowMs: 60_000,
    statusFetchMs: 100,
    zoneCountGraceMs: 30_000,
  });
}
