import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, searchPage, vendor } from './support/strict-schema';

// cc_rest.yaml: /api/day_categories 200: results [{ name, href, notes }] (description with fields), next { href }.
const dayCategory = vendor.object({ name: z.string(), href: vendor.href(), notes: z.string().optional(), description: z.string().optional() });

describeAtVersions('day categories (cc_rest.yaml: /api/day_categories)', (site) => {
  it('the search answers in the vendor shape, with default fields and with every field', async () => {
    const href = (await site().feature('dayCategories', 'dayCategories'))!;
    const plain = (await site().get(href)).json;
    expectConforms(searchPage(dayCategory), plain, `day categories at ${site().version}`);
    expect(plain.results.length).toBeGreaterThan(0);
    expectConforms(searchPage(dayCategory), (await site().get(href, { fields: 'href,name,description,notes' })).json, 'with fields');
  });
});
