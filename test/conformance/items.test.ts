import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, searchPage, vendor } from './support/strict-schema';

// cc_rest.yaml: ItemSummary (id, name, type { id, name, canonicalTypeName (9.00) }, serverDisplayName, notes, href),
// ItemDetail (adds division { id, href }; 8.40), ItemTypes ({ itemTypes: [{ id, name, canonicalTypeName }] }).
const typeBlock = (canonical: boolean) =>
  vendor.object({ id: vendor.id(), name: z.string(), canonicalTypeName: canonical ? z.string().regex(/^[a-z0-9]+$/) : z.never().optional() });
const itemSummary = (canonical: boolean) =>
  vendor.object({
    id: vendor.id(),
    name: z.string(),
    type: typeBlock(canonical),
    serverDisplayName: z.string().optional(),
    notes: z.string().optional(),
    href: z.string().optional(),
  });
const itemDetail = (canonical: boolean) =>
  itemSummary(canonical).extend({ division: vendor.object({ id: vendor.id(), href: vendor.href() }).optional() });

describeAtVersions('the items controller (cc_rest.yaml: /api/items)', (site) => {
  const canonical = () => site().version !== '8.60';
  const items = async () => (await site().feature('items', 'items'))!;

  it('the search answers in the vendor ItemSearch shape, with and without fields', async () => {
    expectConforms(searchPage(itemSummary(canonical())), (await site().get(await items(), { top: '1000' })).json, `items at ${site().version}`);
    // cc_rest.yaml: /api/items `fields`: href, id, name, type, division, serverDisplayName, notes (description, shortName 9.60).
    const withFields = (await site().get(await items(), { top: '1000', fields: 'href,id,name,type,division,notes' })).json;
    expectConforms(searchPage(itemDetail(canonical())), withFields, `items with fields at ${site().version}`);
  });

  it('pages with a next link', async () => {
    const first = (await site().get(await items(), { top: '3' })).json;
    expectConforms(searchPage(itemSummary(canonical())), first, 'first page');
    expect(first.next.href).toMatch(/^https:/);
  });

  it('each item\'s detail answers in the vendor ItemDetail shape (8.40 and later)', async () => {
    const page = (await site().get(await items(), { top: '1000' })).json as { results: { id: string }[] };
    for (const { id } of page.results) {
      const reply = await site().get(`${await items()}/${encodeURIComponent(id)}`);
      expect(reply.status, id).toBe(200);
      expectConforms(itemDetail(canonical()), reply.json, `item ${id} at ${site().version}`);
    }
  });

  it('item types answer in the vendor ItemTypes shape', async () => {
    const reply = await site().get((await site().feature('items', 'itemTypes'))!);
    expect(reply.status).toBe(200);
    expectConforms(vendor.object({ itemTypes: z.array(typeBlock(canonical())) }), reply.json, `item types at ${site().version}`);
  });
});
