import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchCardholders } from '../../electron/core/api/cardholder-search';
import { discover } from '../../electron/core/api/discovery';
import { listDivisions } from '../../electron/core/api/divisions';
import { withQuery } from '../../electron/core/api/links';
import type { Transport } from '../../electron/core/api/transport';
import type { RunningSimulator } from '../../electron/simulator/index';
import { demoSite, privilegeSite } from '../integration/simulator/fixtures/sites';
import type { TestClient } from '../integration/simulator/support';
import { feature, startWithClient } from '../integration/simulator/support';
import { transportFor } from '../integration/support/site';

// Facts from the vendor's REST reference (GallagherSecurity/cc-rest-docs, oas3/out/cc_rest.yaml), written
// here as schemas; each names where it comes from. The simulator's answers must fit them, and the client
// core's requests must use only what the vendor documents.

const Href = z.string().regex(/^https:\/\//, 'an absolute https URL');
const HrefObject = z.object({ href: Href }).strict();
// cc_rest.yaml components.schemas.Division: href, id, name, description (8.50, only with fields),
// serverDisplayName, parent {href} (every division but the root), visitorManagement (only with fields).
const Division = z
  .object({
    href: Href,
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    serverDisplayName: z.string().optional(),
    parent: HrefObject.optional(),
    visitorManagement: z.object({}).passthrough().optional(),
  })
  .strict();
// cc_rest.yaml components.schemas.Divisions: results (Division[]) and next {href} while more remain.
const Divisions = z.object({ results: z.array(Division), next: HrefObject.optional() }).strict();
// cc_rest.yaml components.schemas.CardholderSummary: href, id, firstName, lastName, shortName (≤16),
// description, authorised (boolean).
const CardholderSummaryFields = {
  href: Href,
  id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  shortName: z.string().max(16).optional(),
  description: z.string().optional(),
  authorised: z.boolean().optional(),
};
const CardholderSummary = z.object(CardholderSummaryFields).strict();
// cc_rest.yaml /api/cardholders GET `fields`: any field of the detail; CardholderCommonFields.division is {href},
// and the id beside it as the examples of ref/cardholders.html show it ({ id, href }).
const CardholderWithDivision = z.object({ ...CardholderSummaryFields, division: z.object({ id: z.string(), href: Href }).strict() }).strict();
// cc_rest.yaml components.schemas.CardholderSearch: results and next {href}.
const cardholderSearch = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), next: HrefObject.optional() }).strict();
// cc_rest.yaml components.schemas.ErrorMessage.
const ErrorMessage = z.object({ message: z.string() }).strict();

// cc_rest.yaml /api/divisions/_operation_ GET parameters: top (integer ≥ 1), sort, fields
// (enum href, id, name, parent, visitorManagement).
const DIVISION_LIST_PARAMS = new Set(['top', 'sort', 'fields']);
const DIVISION_FIELDS = new Set(['href', 'id', 'name', 'parent', 'visitorManagement']);
// cc_rest.yaml /api/cardholders GET parameters: sort, top, name, pdf_{id}, division, directDivision,
// description, accessZone, fields (pos and skip are the server's own: "never add it yourself").
const CARDHOLDER_SEARCH_PARAMS = new Set(['sort', 'top', 'name', 'division', 'directDivision', 'description', 'accessZone', 'fields']);
// cc_rest.yaml components.parameters.sort: enum id, name, -id, -name.
const SORTS = new Set(['id', 'name', '-id', '-name']);

const VERSIONS = ['8.60', '9.0', '9.40'] as const;
/** cc_rest.yaml /api/cardholders GET top: 100 per page before 8.70, 1000 from 8.70. */
const defaultPage = (version: string) => (Number(version) >= 8.7 ? 1000 : 100);

/** A site with more cardholders than an old server's page, so the default page size shows. */
function crowdedSite() {
  const site = demoSite();
  const extra = Array.from({ length: 120 }, (_, i) => ({ id: `ch-x${String(i).padStart(3, '0')}`, firstName: `Visitor`, lastName: `Number ${i}`, division: 'south' }));
  site.cardholders = [...(site.cardholders ?? []), ...extra];
  return { site, count: site.cardholders.length };
}

describe.each(VERSIONS)('divisions and cardholder search against the vendor reference at %s', (version) => {
  let sim: RunningSimulator;
  let client: TestClient;
  beforeAll(async () => {
    ({ sim, client } = await startWithClient({ version, site: crowdedSite().site }));
  });
  afterAll(async () => {
    await client.close();
    await sim.stop();
  });

  it('cardholder search answers are CardholderSearch pages of CardholderSummary, default page size by version', async () => {
    const href = await feature(client, 'cardholders', 'cardholders');
    const first = await client.get(href);
    expect(first.status).toBe(200);
    const page = cardholderSearch(CardholderSummary).parse(first.json);
    expect(page.results).toHaveLength(Math.min(defaultPage(version), crowdedSite().count));
    if (defaultPage(version) === 100) expect(page.next).toBeDefined();
    else expect(page.next).toBeUndefined();
    // Every later page fits too.
    let next = page.next?.href;
    while (next) {
      const more = cardholderSearch(CardholderSummary).parse((await client.get(next)).json);
      next = more.next?.href;
    }
    const named = await client.get(withQuery(href, { name: 'whitfield', fields: 'href,id,firstName,lastName,division' }));
    cardholderSearch(CardholderWithDivision).parse(named.json);
  });

  it('division hrefs answer a Division; the list is linked at features.divisions.divisions only from 9.30 (a simulator choice)', async () => {
    const detail = await client.get(`${sim.url}/api/divisions/north-labs`);
    Division.parse(detail.json);
    const api = (await client.get('/api')).json;
    const linked = api.features?.divisions?.divisions?.href as string | undefined;
    if (Number(version) >= 9.3) {
      expect(linked).toBeDefined();
      const list = Divisions.parse((await client.get(linked!)).json);
      expect(list.results.length).toBeGreaterThan(0);
      const paged = Divisions.parse((await client.get(withQuery(linked!, { top: '2' }))).json);
      expect(paged.next).toBeDefined();
    } else {
      expect(linked).toBeUndefined();
    }
  });

  it('the client core asks only what the vendor documents (paths from /api, parameters, values)', async () => {
    const transport = transportFor(sim);
    const { transport: recorded, requests } = recordingTransport(transport);
    try {
      const discovery = await discover(recorded);
      await searchCardholders(recorded, discovery, 'gran', { limit: 20 });
      if (Number(version) >= 9.3) await listDivisions(recorded, discovery);
      const cardholders = requests.filter((r) => r.pathname === '/api/cardholders');
      expect(cardholders).toHaveLength(1);
      for (const r of cardholders) {
        expect([...r.params.keys()].filter((k) => !CARDHOLDER_SEARCH_PARAMS.has(k))).toEqual([]);
        expect(SORTS.has(r.params.get('sort') ?? 'id')).toBe(true);
        expect(Number(r.params.get('top'))).toBeGreaterThanOrEqual(1);
        expect(r.params.get('name')).toBe('gran');
      }
      const divisions = requests.filter((r) => r.pathname === '/api/divisions');
      expect(divisions).toHaveLength(Number(version) >= 9.3 ? 1 : 0);
      for (const r of divisions) {
        expect([...r.params.keys()].filter((k) => !DIVISION_LIST_PARAMS.has(k))).toEqual([]);
        expect(SORTS.has(r.params.get('sort') ?? 'id')).toBe(true);
        expect((r.params.get('fields') ?? '').split(',').filter((f) => !DIVISION_FIELDS.has(f))).toEqual([]);
      }
    } finally {
      await transport.close();
    }
  });
});

it('cardholder search without the RESTCardholders licence is 403 with an ErrorMessage (cc_rest.yaml /api/cardholders GET 403)', async () => {
  const { sim, client } = await startWithClient({ site: privilegeSite((s) => (s.licences = ['RESTStatus', 'RESTOverrides'])) });
  try {
    const reply = await client.get('/api/cardholders?name=a');
    expect(reply.status).toBe(403);
    ErrorMessage.parse(reply.json);
  } finally {
    await client.close();
    await sim.stop();
  }
});

/** The GETs the core makes, as URLs. */
function recordingTransport(transport: Transport): { transport: Transport; requests: { pathname: string; params: URLSearchParams }[] } {
  const requests: { pathname: string; params: URLSearchParams }[] = [];
  const recorded = new Proxy(transport, {
    get(target, prop, receiver) {
      if (prop === 'getJson') {
        return (href: string, schema: unknown, what: string, options: { query?: Record<string, string | number | undefined> } = {}) => {
          const url = new URL(withQuery(href, options.query ?? {}));
          requests.push({ pathname: url.pathname, params: url.searchParams });
          return (target.getJson as (...a: unknown[]) => unknown).call(target, href, schema, what, options);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { transport: recorded, requests };
}
