import type { Site } from '../site/schema';

export interface ProximityCard {
  id: string;
  number: string;
  status: { value: string; type: 'active' | 'inactive' };
  from: number;
  until: number;
}

const YEAR_MS = 365 * 86_400_000;

/** The site's ordinary access cards (site file `proximityCards`), one per cardholder, by cardholder id. */
export function proximityCardsOf(site: Site, startedAt: number): Map<string, ProximityCard> {
  const cards = new Map<string, ProximityCard>();
  const plan = site.proximityCards;
  if (!plan) return cards;
  site.cardholders.forEach((holder, index) => {
    const given = plan.cards[holder.id] ?? {};
    const until = given.until === undefined ? startedAt + 2 * YEAR_MS : typeof given.until === 'number' ? startedAt + given.until * 60_000 : Date.parse(given.until);
    // cc_rest.yaml CardholderCard.status: 'Expired' once the card's end has passed, whatever its state.
    const value = until <= startedAt ? 'Expired' : (given.status ?? 'Active');
    cards.set(holder.id, {
      id: `prox-${holder.id}`,
      number: String(plan.firstNumber + index),
      status: { value, type: value === 'Active' ? 'active' : 'inactive' },
      from: startedAt - YEAR_MS,
      until,
    });
  });
  return cards;
}
