import type { boardCalls, CommandRequest, siteCalls } from '../../../shared/contract/board';
import type { PublishedBoard } from '../board/board-parts';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import { withRequestedBy } from '../operators/requested-by';
import type { SiteSession } from '../site-session';
import type { SiteChoice } from '../site-source';
import type { HandlerTable } from './handler-table';

export interface SiteAccess {
  /** The open site's session; throws `offline` when no site is open. */
  session(): SiteSession;
  switchTo(choice: SiteChoice): Promise<void>;
  /** The board items last published to the renderer, and their generation: board.get pages through them. */
  board: PublishedBoard;
  /** Where each command and site switch is recorded, however it ended. */
  audit?: AuditLog | undefined;
  /** The signed-in operator's cardholder id: overrides are sent as them where the server allows it. */
  operatorCardholder?: () => string | undefined;
  /** A cardholder's name as the desk knows it (its roster, the searches' names): the audit log names who an override was requested by. */
  cardholderName?: (id: string) => string | undefined;
  /** Told of each command the server accepted (the desk keeps the overrides that last). */
  accepted?: ((request: CommandRequest) => void) | undefined;
}

/** The item's name as the board shows it, for the audit log; its href when no site is open. */
function itemNamed(site: SiteAccess, href: string): { href: string; name: string } {
  try {
    return { href, name: site.session().items().find((i) => i.href === href)?.name ?? href };
  } catch {
    return { href, name: href };
  }
}

function serverVersionOf(site: SiteAccess): string | undefined {
  try {
    return site.session().connection.serverVersion;
  } catch {
    return undefined;
  }
}

/** The board and its commands, and the choice of site. */
export function boardHandlers(site: SiteAccess): HandlerTable<keyof typeof boardCalls | keyof typeof siteCalls> {
  return {
    // Paged rather than whole: a page is as bounded as an event, whatever the size of the site, and the
    // renderer pulls the next page when it has taken the last (a reload asks only for its own pages,
    // where answering with events would send the whole board again to every window).
    'board.get': async ({ part }) => site.board.page(site.session().lookup(), part),
    'item.command': async (asked) => {
      const request = withRequestedBy(asked, site.operatorCardholder?.(), serverVersionOf(site));
      const { href, command, endTime, zoneCount, requestedBy } = request;
      const requestedByName = requestedBy === undefined ? undefined : site.cardholderName?.(requestedBy);
      const action = { kind: 'override' as const, item: itemNamed(site, href), command, endTime, zoneCount, requestedBy, ...(requestedByName ? { requestedByName } : {}) };
      const outcome = await audited(site.audit, action, () => site.session().command(request));
      site.accepted?.(request);
      return outcome;
    },
    'site.connect': ({ site: choice }) =>
      audited(site.audit, { kind: 'site.switched', site: choice }, async () => {
        await site.switchTo(choice);
        return site.session().connection;
      }),
  };
}
