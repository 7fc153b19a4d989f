import type { layoutCalls } from '../../../shared/contract/layout';
import type { AcknowledgementBook } from '../board/acknowledgements';
import type { LayoutStore } from '../board/layout-store';
import { DeskError } from '../../../shared/errors';
import type { HandlerTable } from './handler-table';

export interface LayoutAccess {
  layouts: LayoutStore;
  acknowledgements: AcknowledgementBook;
  /** The site's own alarms are followed (RESTEvents): acknowledgement goes to the server, through the alarm queue. */
  serverAlarms?(): boolean;
  /** Which site the desk shows now, as the layout's key (the demo site is one site whatever its port). */
  siteKey(): string;
  /** Told of each acknowledgement, for the audit log; absent where the desk keeps no log. */
  acknowledged?(href: string, concern: string): void;
}

/** The board's layout at this desk, and acknowledging alarms where the site has no alarm queue of its own: both local, neither touches the server. */
export function layoutHandlers(access: LayoutAccess): HandlerTable<keyof typeof layoutCalls> {
  return {
    'layout.get': async () => access.layouts.get(access.siteKey()),
    'layout.set': async (layout) => access.layouts.set(access.siteKey(), layout),
    'attention.acknowledge': async ({ href }) => {
      if (access.serverAlarms?.()) {
        throw new DeskError('invalid-call', "This site's alarms are acknowledged in the alarm queue, so every desk sees it: open the alarm there");
      }
      const list = access.acknowledgements.acknowledge(href);
      const mine = list.find((a) => a.href === href);
      if (mine) access.acknowledged?.(href, mine.concern);
      return list;
    },
    'attention.acknowledgements': async () => access.acknowledgements.list(),
  };
}
