import { expect, it } from 'vitest';
import type { z } from 'zod';
import type { SiteAtVersion } from './site-at-version';
import { expectConforms, searchPage } from './strict-schema';
import { itemUpdates } from './item-schemas';

/** What the vendor's reference says about one item controller. */
export interface ControllerFacts {
  /** `features.<group>.<key>` in `GET /api`. */
  feature: readonly [string, string];
  /** The vendor's `fields` values for the search and details (without `defaults`). */
  fields: readonly string[];
  summary: z.ZodType;
  detail: z.ZodType;
  /** The type has an `…/{id}/updates` call. */
  updates: boolean;
}

/**
 * The GETs of one item controller, checked against the vendor's schemas: the search with its default
 * fields and with every field the vendor lists, each item's detail, and the first updates answer.
 */
export function checkController(site: () => SiteAtVersion, facts: ControllerFacts): void {
  const search = async (query: Record<string, string> = {}) => {
    const href = await site().feature(...facts.feature);
    if (!href) throw new Error(`GET /api has no features.${facts.feature.join('.')}`);
    const reply = await site().get(href, { top: '1000', ...query });
    expect(reply.status).toBe(200);
    return reply.json as { results: { href: string }[] };
  };

  it('the search answers with the default fields in the vendor summary shape', async () => {
    const page = await search();
    expectConforms(searchPage(facts.summary), page, `search at ${site().version}`);
    expect(page.results.length).toBeGreaterThan(0);
  });

  it('the search with every field the vendor lists answers in the vendor detail shape', async () => {
    const page = await search({ fields: facts.fields.join(',') });
    expectConforms(searchPage(facts.detail), page, `search with fields at ${site().version}`);
  });

  it('each item\'s detail answers in the vendor detail shape', async () => {
    for (const { href } of (await search()).results) {
      const reply = await site().get(href, { fields: `defaults,${facts.fields.join(',')}` });
      expect(reply.status).toBe(200);
      expectConforms(facts.detail, reply.json, `${href} at ${site().version}`);
    }
  });

  if (facts.updates) {
    it('each item\'s first updates answer has the status fields and a next link', async () => {
      for (const { href } of (await search()).results) {
        const detail = (await site().get(href, { fields: 'updates' })).json as { updates?: { href: string } };
        expect(detail.updates?.href, href).toBeDefined();
        const reply = await site().get(detail.updates!.href, { fields: 'statusFlags,statusText,status' });
        expect(reply.status).toBe(200);
        expectConforms(itemUpdates, reply.json, `${detail.updates!.href} at ${site().version}`);
      }
    });
  }
}
