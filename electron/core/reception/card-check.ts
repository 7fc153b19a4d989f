import type { CallResult } from '../../../shared/contract';
import type { CardInReader } from '../../../shared/contract/visitor-cards';
import { CheckedCardholder } from '../api/card-check';
import type { Transport } from '../api/transport';
import { divisionNamesFor } from '../board/divisions';
import type { SiteSession } from '../site-session';
import { CardIndex } from './card-index';
import { personName } from './todays-visits';

/**
 * Whose card this is: the card's holder with their photo, division, the card's state and end, their
 * access groups and where they last badged. Read live; while the server is away the check is refused.
 */
export async function checkCard(session: SiteSession, number: string, index = new CardIndex()): Promise<CallResult<'cardCheck.byNumber'>> {
  return session.read(async (transport, discovery) => {
    const found = await index.find(transport, discovery, number);
    if (!found) return { found: false as const, number };
    const { holder, card } = found;
    const divisionName = holder.division ? (await divisionNamesFor(transport).namesOf([holder.division], discovery)).get(holder.division.href) : undefined;
    const photo = holder['@Photo'] ? await photoDataUrl(transport, holder['@Photo'].href) : undefined;
    const zone = holder.lastSuccessfulAccessZone?.name;
    return {
      found: true as const,
      number: card.number ?? number,
      name: personName([holder.lastName, holder.firstName].filter(Boolean).join(', ') || undefined),
      ...(divisionName ? { divisionName } : {}),
      ...(photo ? { photo } : {}),
      card: {
        ...(card.type?.name ? { type: card.type.name } : {}),
        state: card.status?.value ?? 'State not given',
        active: card.status?.type === 'active',
        ...(card.until ? { until: card.until } : {}),
      },
      accessGroups: (holder.accessGroups ?? []).flatMap((g) => (g.accessGroup?.name ? [g.accessGroup.name] : [])).sort(),
      ...(zone ? { lastSeen: { zone, ...(holder.lastSuccessfulAccessTime ? { at: holder.lastSuccessfulAccessTime } : {}) } } : {}),
    };
  });
}

/**
 * The card check of the card in the desk's reader: the card named by its certificate, as its card
 * number (electron/core/piv/card-number-in-reader.ts), then the same check as a typed number.
 */
export async function checkCardInReader(session: SiteSession, cardInReader: () => Promise<CardInReader>, index = new CardIndex()): Promise<CallResult<'cardCheck.inReader'>> {
  const card = await cardInReader();
  return { card, check: await checkCard(session, card.number, index) };
}

/** A photo as a data: URL; one that cannot be had is shown as missing, not as a failed call. */
export function photoDataUrl(transport: Transport, href: string): Promise<string | undefined> {
  return transport
    .getImage(href, 'Cardholder photo')
    .then((image) => `data:${image.contentType};base64,${image.bytes.toString('base64')}`)
    .catch(() => undefined);
}

/** A cardholder's photo (their `@Photo` image field), for a visitor badge. */
export function cardholderPhoto(session: SiteSession, cardholder: string): Promise<CallResult<'reception.photo'>> {
  return session.read(async (transport) => {
    const holder = await transport.getJson(cardholder, CheckedCardholder, 'Cardholder photo', { query: { fields: 'href,personalDataFields' } });
    const photo = holder['@Photo'] ? await photoDataUrl(transport, holder['@Photo'].href) : undefined;
    return photo ? { photo } : {};
  });
}
