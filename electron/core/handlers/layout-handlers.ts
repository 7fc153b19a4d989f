import type { layoutCalls } from '../../../shared/contract/layout';
import type { AcknowledgementBook } from '../board/acknowledgements';
import type { LayoutStore } from '../board/layout-store';
import type { HandlerTable } from './handler-table';

export interface LayoutAccess {
  layouts: LayoutStore;
  acknowledgements: AcknowledgementBook;
  /** Which site the desk shows now, as the layout's key (the demo site is one site whatever its port). */
  siteKey(): string;
}

/** The board's layout at this desk, and acknowledging alarms: both local, neither touches the server. */
export function layoutHandlers(access: LayoutAccess): HandlerTable<keyof typeof layoutCalls> {
  return {
    'layout.get': async () => access.layouts.get(access.siteKey()),
    'layout.set': async (layout) => access.layouts.set(access.siteKey(), layout),
    'attention.acknowledge': async ({ href }) => access.acknowledgements.acknowledge(href),
    'attention.acknowledgements': async () => access.acknowledgements.list(),
  };
}
