import type { CommandOffer } from '../../../shared/domain';
import type { CommandMap } from '../api/schemas';

/** What a disabled command says when the server gave no words for why. */
const NO_REASON = 'The server offers this command but will not take it now';

/**
 * Every command the server offered in an item's `commands` map, in the server's order, with the
 * site's own name (alarm zones) and, for a command without an href, why it cannot be used.
 */
export function commandOffers(commands: CommandMap | undefined): CommandOffer[] {
  return Object.entries(commands ?? {}).map(([key, link]) => {
    const offer: CommandOffer = { key };
    if (link.name !== undefined) offer.name = link.name;
    if (link.href === undefined || (link.disabled !== undefined && link.disabled !== false)) {
      offer.disabled = typeof link.disabled === 'string' && link.disabled.trim() !== '' ? link.disabled : NO_REASON;
    }
    return offer;
  });
}

/** The keys of the commands that can be sent now: those with an href and no disabled reason. */
export function sendableCommands(offers: readonly CommandOffer[]): string[] {
  return offers.filter((o) => o.disabled === undefined).map((o) => o.key);
}
