import type { CardholderCards, CardView } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import type { PivStatusType } from '../../../shared/piv/card-create';
import { versionAtLeast } from '../../../shared/version';
import { deleteCard, getCardholder, updateCardholderCards } from '../api/cardholders';
import type { CardRead } from '../api/cardholder-schemas';
import { summariseCertificate } from '../piv/certificates';
import type { EnrolmentServer } from './site-link';

const CERTIFICATES = [
  ['contentSigningCert', 'Content signing'],
  ['pivAuthenticationCert', 'PIV Authentication'],
  ['cardAuthenticationCert', 'Card Authentication'],
] as const;

/**
 * A cardholder's PIV cards, with their certificates where the server can give them (8.10+, via
 * `fields`), and the cardholder's updates link where the server gives one, so the screen can follow them.
 */
export async function listCards(server: EnrolmentServer, cardholderHref: string): Promise<CardholderCards> {
  const withCertificates = versionAtLeast(server.discovery.version, '8.10');
  const fields = withCertificates
    ? ['href', 'firstName', 'lastName', 'cards', 'updates', ...CERTIFICATES.map(([f]) => `cards.pivData.${f}`)]
    : undefined;
  const holder = await getCardholder(server.transport, cardholderHref, fields);
  return {
    href: holder.href ?? cardholderHref,
    ...(holder.firstName ? { firstName: holder.firstName } : {}),
    ...(holder.lastName ? { lastName: holder.lastName } : {}),
    ...(holder.updates ? { updatesHref: holder.updates.href } : {}),
    cards: (holder.cards ?? []).filter((c) => c.pivData !== undefined).map(cardView),
  };
}

/**
 * Changes a card's status and/or PIV status in one PATCH (the only things that may change after
 * creation). The card must be one the server listed for this cardholder.
 */
export async function updateCard(
  server: EnrolmentServer,
  cardholderHref: string,
  cardHref: string,
  change: { status?: 'active' | 'disabled (manually)'; pivStatus?: PivStatusType },
): Promise<CardholderCards> {
  await requireCard(server, cardholderHref, cardHref);
  await updateCardholderCards(server.transport, server.discovery, cardholderHref, {
    update: [
      {
        href: cardHref,
        ...(change.status ? { status: { value: change.status } } : {}),
        ...(change.pivStatus ? { pivData: { pivStatus: { type: change.pivStatus } } } : {}),
      },
    ],
  });
  return listCards(server, cardholderHref);
}

export async function removeCard(server: EnrolmentServer, cardholderHref: string, cardHref: string): Promise<CardholderCards> {
  await requireCard(server, cardholderHref, cardHref);
  await deleteCard(server.transport, cardHref);
  return listCards(server, cardholderHref);
}

async function requireCard(server: EnrolmentServer, cardholderHref: string, cardHref: string): Promise<void> {
  const holder = await getCardholder(server.transport, cardholderHref);
  if (!holder.cards?.some((c) => c.href === cardHref)) {
    throw new DeskError('not-found', 'That card is not (or no longer) one of this cardholder\'s cards: reload the list');
  }
}

function cardView(card: CardRead): CardView {
  const pivData = card.pivData ?? {};
  const certificates = CERTIFICATES.flatMap(([field, role]) => {
    const base64 = pivData[field];
    if (!base64) return [];
    try {
      const c = summariseCertificate(Buffer.from(base64, 'base64'), role);
      return [{ role, subject: c.subject, issuer: c.issuer, notBefore: c.notBefore, notAfter: c.notAfter }];
    } catch {
      return [{ role, subject: '(not a readable certificate)', issuer: '', notBefore: '', notAfter: '' }];
    }
  });
  return {
    href: card.href,
    number: card.number ?? '',
    ...(card.status ? { status: card.status } : {}),
    ...(pivData.pivStatus ? { pivStatus: pivData.pivStatus.type } : {}),
    ...(pivData.lastCheckTime ? { lastCheckTime: pivData.lastCheckTime } : {}),
    certificates,
  };
}
