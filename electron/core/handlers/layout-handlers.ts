import type { layoutCalls } from '../../../shared/contract/layout';
import type { AcknowledgementBook } from '../board/acknowledgements';
import type { LayoutStore } from '../board/layout-store';
import type { HandlerTable } from './handler-table';

export interface LayoutAccess {
  layouts: LayoutStore;
  acknowledgements: AcknowledgementBook;
  /** Which site the desk shows now, as the layout's key (the demo site is one site whatever its port). */
  siteKey(): string;
  /** Told of each acknowledgement, for the audit log; absent where the desk keeps no log. */
  acknowledged?(href: string, concern: string): void;
}

/** The board's layout at this desk, and acknowledging alarms: both local, neither touches the server. */
export function layoutHandlers(access: LayoutAccess): HandlerTable<keyof typeof layoutCalls> {
  return {
    'layout.get': async () => access.layouts.get(access.siteKey()),
    'layout.set': async (layout) => access.layouts.set(access.siteKey(), layout),
    'attention.acknowledge': async ({ href }) => {
      const list = access.acknowledgements.acknowledge(href);
      const mine = list.find((a) => a.href === href);
      if (mine) access.acknowledged?.(href, mine.concern);
      return list;
    },
    'attention.acknowledgements': async () => access.acknowledgements.list(),
  };
}
