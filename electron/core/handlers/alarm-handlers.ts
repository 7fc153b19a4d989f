import type { alarmCalls } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { NO_SITE_QUEUE, type AlarmDesk } from '../alarms/alarm-desk';
import { eventGroups, exportEventsCsv, listEvents } from '../server-events/journal-calls';
import type { JournalSite } from '../server-events/journal-site';
import type { HandlerTable } from './handler-table';

export interface AlarmAccess {
  /** The alarm follower of the site shown now; undefined while no site is open. */
  alarms(): AlarmDesk | undefined;
  /** The site session shown now, for the journal's reads; throws `offline` while no site is open. */
  session(): JournalSite;
}

/** The server's alarm queue (followed in main, acted on through the server) and its event journal. */
export function alarmHandlers(access: AlarmAccess): HandlerTable<keyof typeof alarmCalls> {
  const site = (): AlarmDesk => {
    const desk = access.alarms();
    if (!desk) throw new DeskError('offline', 'The desk is not connected to any site yet');
    return desk;
  };
  return {
    'alarms.get': async () => access.alarms()?.queue() ?? NO_SITE_QUEUE,
    'alarms.detail': async ({ id }) => site().detail(id),
    'alarms.act': async (request) => site().act(request),
    'events.list': (params) => listEvents(access.session(), params),
    'events.groups': () => eventGroups(access.session()),
    'events.exportCsv': (filter) => exportEventsCsv(access.session(), filter),
  };
}
