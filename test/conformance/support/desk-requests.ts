import { ContractEvents } from '../../../electron/core/events';
import { SiteSession } from '../../../electron/core/site-session';
import type { ReceivedRequest } from '../../../electron/simulator/index';
import { TEST_TIMING } from '../../integration/support/session';
import { deskConfigFor, eventually } from '../../integration/support/site';
import { templatePath } from './request-recorder';
import type { SiteAtVersion } from './site-at-version';
import { extraRequests, VENDOR_REQUESTS } from './vendor-requests';

/**
 * What a desk sends while a test drives one feature: a desk session started on the site, `drive` run
 * once it is connected, the session stopped, and every request it made in between as the site received it.
 */
export async function requestsWhileDriving(site: SiteAtVersion, drive: (session: SiteSession) => Promise<void>): Promise<ReceivedRequest[]> {
  const { sim, recorder } = site;
  const mark = recorder.mark();
  const session = new SiteSession(deskConfigFor(sim), new ContractEvents(), undefined, TEST_TIMING);
  void session.start();
  try {
    await eventually(() => session.connection.phase === 'connected' || undefined, 'the desk connected', 25_000);
    await drive(session);
  } finally {
    await session.stop();
  }
  return recorder.since(mark);
}

/** Each request as the call it is in the vendor's reference (or the rows a test added), e.g. `PATCH /api/cardholders/{id}`. */
export function callsMade(sent: readonly ReceivedRequest[]): string[] {
  const rows = [...VENDOR_REQUESTS, ...extraRequests].map((v) => v.path);
  return sent.map((r) => `${r.method} ${templatePath(r.url.pathname, rows)}`);
}
