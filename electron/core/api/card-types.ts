import { DeskError } from '../../../shared/errors';
import { CardTypePage, type CardType } from './cardholder-schemas';
import { versionAtLeast } from '../../../shared/version';
import type { Discovery } from './discovery';
import { linkFor } from './features';
import { SearchTrail } from './search-trail';
import type { Transport } from './transport';

/**
 * The card-type list at the path this version uses: `features.cardTypes.assign` from 8.10 (usable at a
 * lower privilege), `features.cardTypes.cardTypes` before. Undefined when the server gives neither.
 */
export function cardTypeListHref(discovery: Discovery): string | undefined {
  const assign = versionAtLeast(discovery.version, '8.10') ? linkFor(discovery, 'cardTypes.assign') : undefined;
  return assign ?? linkFor(discovery, 'cardTypes.cardTypes');
}

/**
 * Finds the PIV card type by `credentialClass` `piv`. Done at start-up: its id differs between
 * installations and may change at an upgrade, so it is never configured or remembered.
 */
export async function findPivCardType(transport: Transport, discovery: Discovery, signal?: AbortSignal): Promise<CardType> {
  const what = 'Card type list';
  const href = cardTypeListHref(discovery);
  if (!href) throw new DeskError('licence', `${what}: this server offers no card-type list (needs the RESTCardholders licence)`);
  const query = { fields: 'href,name,credentialClass,availableCardStates' };
  const trail = new SearchTrail(what, transport.limits);
  let page = await transport.getJson(href, CardTypePage, what, { query, signal });
  for (;;) {
    trail.took(page.results.length);
    const piv = page.results.find((t) => t.credentialClass?.toLowerCase() === 'piv');
    if (piv) return piv;
    if (!page.next) break;
    page = await transport.getJson(trail.follow(page.next.href), CardTypePage, what, { signal });
  }
  throw new DeskError('not-found', `${what}: no card type has credentialClass "piv"; the site has no PIV card type this operator can assign`);
}
