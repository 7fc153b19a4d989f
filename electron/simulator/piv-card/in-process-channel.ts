import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { PivError } from '../../../shared/piv/card/errors';
import type { VirtualPivCard } from './virtual-piv-card';

/**
 * The virtual card as a CardChannel with no PC/SC in between: what the demo site uses to show
 * enrolment without hardware, and what unit tests use to drive the reader code byte for byte.
 */
export function inProcessChannel(card: VirtualPivCard): CardChannel {
  card.reset();
  return {
    async transmit(command) {
      const response = card.respond(command);
      if (!response) throw new PivError('card-removed', 'The card was removed from the reader during the read');
      return response;
    },
  };
}
