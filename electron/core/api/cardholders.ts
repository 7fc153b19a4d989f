import { DeskError } from '../../../shared/errors';
import { Cardholder, CardholderUpdate } from './cardholder-schemas';
import type { Discovery } from './discovery';
import { CARDHOLDERS_LINK, linkFor } from './features';
import { checkPivCardCreate, checkPivCardUpdate, type PivCardCreate, type PivCardUpdate } from './piv-payload';
import type { Transport } from './transport';

export interface NewCardholder {
  division: { href: string };
  firstName?: string;
  lastName?: string;
  cards: unknown[];
}

export interface CardChanges {
  add?: unknown[];
  update?: unknown[];
  /** Card hrefs from the cardholder's `cards` array, sent as `cards.remove` (cc_rest.yaml: CardholderPATCH.cards). */
  remove?: string[];
}

/**
 * Creates a cardholder with PIV cards. Every card is checked by the pivData rules first; the answer is
 * 201 with the new cardholder's href in `location`. Never retried: a second POST would make a second person.
 */
export async function createCardholder(transport: Transport, discovery: Discovery, cardholder: NewCardholder): Promise<string> {
  const what = 'Create cardholder';
  const href = linkFor(discovery, ...CARDHOLDERS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no cardholder calls (needs the RESTCardholders licence)`);
  if (!cardholder.division?.href) throw new DeskError('bad-request', `${what}: a division is required`);
  if (!cardholder.firstName?.trim() && !cardholder.lastName?.trim()) {
    throw new DeskError('bad-request', `${what}: a first name or a last name is required`);
  }
  const cards: PivCardCreate[] = cardholder.cards.map((c, i) => checkPivCardCreate(c, discovery.version, `${what}, card ${i + 1}`));
  const body = {
    division: { href: cardholder.division.href },
    ...(cardholder.firstName?.trim() ? { firstName: cardholder.firstName } : {}),
    ...(cardholder.lastName?.trim() ? { lastName: cardholder.lastName } : {}),
    cards,
  };
  return transport.create(href, body, what);
}

/**
 * Adds, updates and removes a cardholder's cards in one PATCH. Added cards follow the create rules;
 * an update may only change the card status and `pivData.pivStatus.type` (the rest is fixed once set).
 */
export async function updateCardholderCards(
  transport: Transport,
  discovery: Discovery,
  cardholderHref: string,
  changes: CardChanges,
  other: { firstName?: string; lastName?: string } = {},
): Promise<void> {
  const what = 'Update cardholder cards';
  const add: PivCardCreate[] | undefined = changes.add?.map((c, i) => checkPivCardCreate(c, discovery.version, `${what}, added card ${i + 1}`));
  const update: PivCardUpdate[] | undefined = changes.update?.map((c, i) => checkPivCardUpdate(c, `${what}, updated card ${i + 1}`));
  // The vendor names the array `remove`, each element the card's href (cc_rest.yaml: /api/cardholders/{id} [PIV] PATCH);
  // a real server ignores any other name, so a misnamed array would remove nothing and still answer 204.
  const remove = changes.remove?.map((href) => ({ href }));
  if (!add?.length && !update?.length && !remove?.length && other.firstName === undefined && other.lastName === undefined) {
    throw new DeskError('bad-request', `${what}: nothing to change`);
  }
  const cards = { ...(add ? { add } : {}), ...(update ? { update } : {}), ...(remove ? { remove } : {}) };
  await transport.patch(cardholderHref, { ...other, cards }, what);
}

/**
 * A cardholder with its cards. Certificates and fingerprints come only when asked for with `fields`
 * (8.10+); without them a PIV card holds the CHUID subset, the PIV status and lastCheckTime.
 */
export async function getCardholder(transport: Transport, href: string, fields?: readonly string[], signal?: AbortSignal): Promise<Cardholder> {
  const what = 'Cardholder';
  if (fields?.some((f) => !f || f.includes(','))) throw new DeskError('bad-request', `${what}: field names must be non-empty and hold no commas`);
  return transport.getJson(href, Cardholder, what, { query: { fields: fields?.join(',') }, signal });
}

/** Deletes a card by the href the cardholder's `cards` array gave (the only call that works on a card href). */
export async function deleteCard(transport: Transport, cardHref: string): Promise<void> {
  await transport.delete(cardHref, 'Delete card');
}

/** Longest the desk waits on a cardholder's updates call before asking again (the server answers sooner, empty, when nothing changed). */
export const CARDHOLDER_POLL_TIMEOUT_MS = 90_000;

/**
 * One call of a cardholder's updates long poll (the `updates.href` of its detail, then each answer's
 * `next`): whether the cardholder changed, and the href to ask next. The first call answers at once
 * with the whole cardholder: it is the starting point, not a change.
 */
export async function followCardholder(transport: Transport, href: string, signal?: AbortSignal): Promise<{ changed: boolean; next: string }> {
  const answer = await transport.getJson(href, CardholderUpdate, 'Cardholder updates', { watch: true, timeoutMs: CARDHOLDER_POLL_TIMEOUT_MS, signal });
  return { changed: Object.keys(answer.updates).length > 0, next: answer.next.href };
}
