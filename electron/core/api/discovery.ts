import { z } from 'zod';
import { withQuery } from './links';
import type { Transport } from './transport';

/** `GET /api`: the only fixed URL. Features are groups of named links, present only when licensed. */
export const ApiRoot = z.object({
  version: z.string(),
  features: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});

export interface Discovery {
  version: string;
  /** Parsed version, e.g. 9.40 → [9, 40]. */
  versionParts: number[];
  /** Links by `group.name`, e.g. `doors.doors`; only what the site's licences allow. */
  links: Map<string, string>;
}

export async function discover(transport: Transport): Promise<Discovery> {
  const root = await transport.getJson(withQuery(`${transport.baseUrl}/api`, {}), ApiRoot, 'Discovery (/api)');
  const links = new Map<string, string>();
  for (const [group, entries] of Object.entries(root.features)) {
    for (const [name, value] of Object.entries(entries)) {
      const href = (value as { href?: unknown } | null)?.href;
      if (typeof href === 'string') links.set(`${group}.${name}`, href);
    }
  }
  return { version: root.version, versionParts: parseVersion(root.version), links };
}

/** "9.40" → [9, 40]; "8.40.2" → [8, 40, 2]. Non-numeric parts count as 0 rather than failing discovery. */
export function parseVersion(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/** True when `version` is at least `atLeast` (e.g. versionAtLeast([9, 40], '9.30')). */
export function versionAtLeast(version: number[], atLeast: string): boolean {
  const want = parseVersion(atLeast);
  for (let i = 0; i < Math.max(version.length, want.length); i++) {
    const a = version[i] ?? 0;
    const b = want[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}
