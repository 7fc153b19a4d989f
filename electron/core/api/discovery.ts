import { z } from 'zod';
import { withQuery } from './links';
import type { Transport } from './transport';
import { DeskError } from '../../../shared/errors';
import { abortLink } from './abort-link';

/** `GET /api`: the only fixed URL. Features are groups of named links, present only when licensed. */
export const ApiRoot = z.object({
  version: z.string().regex(/^\d+(\.\d+)*$/, 'must be a dotted version number such as 9.40'),
  features: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});

export interface Discovery {
  /** The server's version, e.g. "9.40"; compare with versionAtLeast from shared/version. */
  version: string;
  /** Links by `group.name`, e.g. `doors.doors`; only what the site's licences allow. */
  links: Map<string, string>;
}

/** `timeoutMs`: a shorter limit than ordinary calls, for the session's probe of a server that may have hung. */
export async function discover(
  transport: Transport,
  options: { timeoutMs?: number; signal?: AbortSignal; ownConnection?: () => void } = {},
): Promise<Discovery> {
  const root = await transport.getJson(withQuery(`${transport.baseUrl}/api`, {}), ApiRoot, 'Discovery (/api)', options);
  const links = new Map<string, string>();
  for (const [group, entries] of Object.entries(root.features)) {
    for (const [name, value] of Object.entries(entries)) {
      const href = (value as { href?: unknown } | null)?.href;
      if (typeof href === 'string') links.set(`${group}.${name}`, href);
    }
  }
  return { version: root.version, links };
}

/**
 * Discovery as the session's check of the server: given up after `timeoutMs` (said so in words) or
 * when `stopped` aborts.
 */
export async function discoverWithin(transport: Transport, stopped: AbortSignal, timeoutMs: number): Promise<Discovery> {
  const limit = AbortSignal.timeout(timeoutMs);
  const either = abortLink([stopped, limit]);
  try {
    return await discover(transport, { signal: either.signal, timeoutMs });
  } catch (err) {
    if (limit.aborted && !stopped.aborted) throw new DeskError('timeout', `The server did not answer within ${Math.round(timeoutMs / 1000)} s`);
    throw err;
  } finally {
    either.release();
  }
}

/** Whether discovery links anything differently from the last time (a catalogue reload follows). */
export function linksChanged(before: Discovery | undefined, after: Discovery): boolean {
  if (!before || before.links.size !== after.links.size) return true;
  for (const [name, href] of after.links) if (before.links.get(name) !== href) return true;
  return false;
}
