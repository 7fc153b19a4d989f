import type { AlarmActRequest, AlarmActResult, AlarmDetail, AlarmQueue } from '../../../shared/contract/alarms';

/**
 * What the desk's alarm calls need of the site shown now: the followed queue, an alarm's detail, and
 * the actions. One lives per site session (electron/core/alarms/site-alarms.ts).
 */
export interface AlarmDesk {
  queue(): AlarmQueue;
  detail(id: string): Promise<AlarmDetail>;
  act(request: AlarmActRequest): Promise<AlarmActResult>;
}

/** The queue while no site is open: nothing to show, and nothing followed. */
export const NO_SITE_QUEUE: AlarmQueue = { alarms: [], feed: { source: 'none', live: false, behind: false, reason: 'No site is open' } };
