import type { boardCalls, siteCalls } from '../../../shared/contract/board';
import type { SiteSession } from '../site-session';
import type { SiteChoice } from '../site-source';
import type { HandlerTable } from './handler-table';

export interface SiteAccess {
  /** The open site's session; throws `offline` when no site is open. */
  session(): SiteSession;
  switchTo(choice: SiteChoice): Promise<void>;
}

/** The board and its commands, and the choice of site. */
export function boardHandlers(site: SiteAccess): HandlerTable<keyof typeof boardCalls | keyof typeof siteCalls> {
  return {
    'board.get': async () => site.session().snapshot(),
    'item.command': (request) => site.session().command(request),
    'site.connect': async ({ site: choice }) => {
      await site.switchTo(choice);
      return site.session().connection;
    },
  };
}
