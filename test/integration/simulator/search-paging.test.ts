import { beforeAll, describe, expect, it } from 'vitest';
import { feature, simulatorForTheseTests, withQuery } from './support';

// Spec: Common conventions for item collections (top, next paging, sort).
describe('search: paging and sort', () => {
  const server = simulatorForTheseTests();
  let doorsHref: string;
  beforeAll(async () => {
    doorsHref = await feature(server.client, 'doors', 'doors');
  });

  it('pages with top and next (whose href carries a query string) through every door once, in id order', async () => {
    const ids: string[] = [];
    let href: string | undefined = withQuery(doorsHref, { top: '7', sort: 'id' });
    let pages = 0;
    while (href) {
      const page = await server.client.get(href);
      expect(page.status).toBe(200);
      expect(page.json.results.length).toBeLessThanOrEqual(7);
      ids.push(...page.json.results.map((r: { id: string }) => r.id));
      href = page.json.next?.href;
      if (href) expect(new URL(href).search).not.toBe('');
      pages++;
    }
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(pages).toBe(Math.ceil(ids.length / 7));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
  });

  it('omits next on the last page', async () => {
    const page = await server.client.get(withQuery(doorsHref, { top: '1000' }));
    expect(page.json.next).toBeUndefined();
  });

  it('returns terse summaries: href, id and name', async () => {
    const page = await server.client.get(withQuery(doorsHref, { top: '1', sort: 'id' }));
    expect(Object.keys(page.json.results[0]).sort()).toEqual(['href', 'id', 'name']);
    expect(page.json.results[0].href).toBe(`${server.sim.url}/api/doors/${page.json.results[0].id}`);
  });

  it('sorts by -id in reverse', async () => {
    const up = (await server.client.get(withQuery(doorsHref, { sort: 'id' }))).json.results.map((r: { id: string }) => r.id);
    const down = (await server.client.get(withQuery(doorsHref, { sort: '-id' }))).json.results.map((r: { id: string }) => r.id);
    expect(down).toEqual([...up].reverse());
  });
});
