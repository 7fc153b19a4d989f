import { afterEach, describe, expect, it } from 'vitest';
import { ContractEvents } from '../../../electron/core/events';
import type { SiteStateSink } from '../../../electron/core/offline/state-sink';
import { SiteSession } from '../../../electron/core/site-session';
import type { RunningSimulator } from '../../../electron/simulator/index';
import type { BoardItem } from '../../../shared/domain';
import { TEST_TIMING } from '../support/session';
import { deskConfigFor, eventually, startTestSite } from '../support/site';

let site: RunningSimulator | undefined;
let session: SiteSession | undefined;

afterEach(async () => {
  await session?.stop();
  await site?.stop();
  session = site = undefined;
});

describe('the catalogue loaded again', () => {
  it('publishes an unchanged board once, and the desk keeps one copy of it, not a second from each reload', async () => {
    site = await startTestSite();
    const events = new ContractEvents();
    const published: (readonly BoardItem[])[] = [];
    events.onBoard((items) => published.push(items));
    let loads = 0;
    const sink: SiteStateSink = { lastKnown: async () => undefined, catalogueLoaded: () => loads++, statusBatch: () => undefined };
    session = new SiteSession(deskConfigFor(site), events, sink, TEST_TIMING);
    await session.start();
    // TEST_TIMING loads the catalogue again every 3 s.
    await eventually(() => loads >= 2 || undefined, 'a reload after the first load', 15_000);
    expect(published).toHaveLength(1);
    const held = session.snapshot().items;
    expect(held.length).toBe(published[0]!.length);
    expect(held.every((item, i) => item === published[0]![i])).toBe(true);
  });
});
