import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { discover } from '../api/discovery';
import { CredentialsRefused } from '../api/errors';
import { linkFor } from '../api/features';
import { Transport } from '../api/transport';
import type { DeskConfig } from '../config';
import { explainRefusal } from './refused-form';
import { siteFailureWords } from './site-failure-words';

export interface SiteAnswer {
  origin: string;
  /** The server version `/api` reported. */
  version: string;
  /** Whether the one authenticated item GET after discovery was answered (false: no doors link to try). */
  itemsRead: boolean;
}

/** How long the check waits for each answer: long enough for a slow site, short enough for a person waiting. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Asks a candidate site whether it answers, on a connection of its own that nothing else uses:
 * discovery (`GET /api`, authenticated like every call) and one authenticated item GET (one door), then
 * the connection is closed. Nothing is retried; a refused discovery is asked once more with the other
 * Authorization form to tell a refused form from a refused key (refused-form.ts), so a wrong key costs
 * the server two failures, not a flood. Failures come back in words that say what was wrong and what to do.
 */
export async function checkSite(config: DeskConfig): Promise<SiteAnswer> {
  const { baseUrl, apiKey, auth, tls, explainTlsFailure } = config;
  const transport = new Transport({ baseUrl, apiKey, auth, tls, explainTlsFailure, getRetry: false, timeoutMs: CHECK_TIMEOUT_MS });
  let discovered = false;
  try {
    const discovery = await discover(transport);
    discovered = true;
    const doors = linkFor(discovery, 'doors.doors');
    if (doors) await transport.getJson(doors, z.unknown(), 'Door search', { query: { top: 1 } });
    return { origin: transport.origin, version: discovery.version, itemsRead: doors !== undefined };
  } catch (err) {
    const error = err instanceof DeskError ? err : new DeskError('network', 'the connection failed');
    // When the server said why (a disabled REST client item), it was not the form: no second try.
    if (error.code === 'unauthorised' && !discovered && !(error instanceof CredentialsRefused && error.serverSays)) {
      throw (await explainRefusal(config, transport.origin, CHECK_TIMEOUT_MS)) ?? siteFailureWords(error, transport.origin);
    }
    throw siteFailureWords(error, transport.origin);
  } finally {
    await transport.close().catch(() => undefined);
  }
}
