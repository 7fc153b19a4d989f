import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';
import type { SiteSession } from '../site-session';

/**
 * Runs one reception or roll-call action through the open site. While the server is away it is
 * refused, in words that say nothing was sent: an action is never queued to go later.
 */
export async function whileConnected<T>(
  session: SiteSession,
  doing: string,
  act: (transport: Transport, discovery: Discovery) => Promise<T>,
): Promise<T> {
  try {
    return await session.read(act);
  } catch (err) {
    if (err instanceof DeskError && err.code === 'offline' && err.message.startsWith('Not connected to the server: the site reference')) {
      throw new DeskError('offline', `Not connected to the server: ${doing} was not sent. Try again once the desk is connected.`);
    }
    throw err;
  }
}
