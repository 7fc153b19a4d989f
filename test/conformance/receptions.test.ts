import { expect, it } from 'vitest';
import { demoSite } from '../integration/simulator/fixtures/sites';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, searchPage } from './support/strict-schema';
import { reception, visitorManagement } from './support/visit-schemas';

// cc_rest.yaml Receptions: read-only, new in 8.50, linked at features.receptions.receptions; the
// search and a reception's href answer with the RESTCardholders licence.
describeAtVersions('receptions (cc_rest.yaml: /api/receptions)', (site) => {
  it('lists receptions by name and href, and a reception gives its fields on request', async () => {
    const href = await site().feature('receptions', 'receptions');
    expect(href).toBeDefined();
    const list = await site().get(href!, { top: '1000' });
    expect(list.status).toBe(200);
    expectConforms(searchPage(reception), list.json, `GET receptions at ${site().version}`);
    const first = list.json.results.find((r: { name: string }) => r.name === 'North Lobby Reception');
    expect(Object.keys(first).sort()).toEqual(['href', 'name']);

    const all = 'href,name,description,division,defaultVisitorType,notes';
    const detail = await site().get(first.href, { fields: all });
    expect(detail.status).toBe(200);
    expectConforms(reception.required({ href: true, name: true, division: true, defaultVisitorType: true }), detail.json, 'a reception with every field');
    // cc_rest.yaml reception_fields: description, default visitor type and notes only when asked for.
    const plain = await site().get(first.href);
    expect(plain.json.notes).toBeUndefined();
    expect(plain.json.defaultVisitorType).toBeUndefined();
  });

  it('searches receptions by name', async () => {
    const href = await site().feature('receptions', 'receptions');
    const found = await site().get(href!, { name: 'South Goods Reception' });
    expect(found.json.results.map((r: { name: string }) => r.name)).toEqual(['South Goods Reception']);
  });

  // cc_rest.yaml Division.visitorManagement: only with fields=visitorManagement; visitor types with host and visitor access groups.
  it("gives a division's visitor management configuration only when asked for", async () => {
    const root = await site().get('/api/divisions/root', { fields: 'href,name,visitorManagement' });
    expect(root.status).toBe(200);
    expectConforms(visitorManagement, root.json.visitorManagement, 'Division.visitorManagement');
    expect(root.json.visitorManagement.active).toBe(true);
    expect(root.json.visitorManagement.visitorTypes.length).toBeGreaterThan(0);
    const plain = await site().get('/api/divisions/root');
    expect(plain.json.visitorManagement).toBeUndefined();
  });
});

// cc_rest.yaml /api/receptions 403: the site lacks RESTCardholders.
describeAtVersions(
  'receptions without RESTCardholders',
  (site) => {
    it('are not linked, and the search is refused with 403 and a message', async () => {
      expect(await site().feature('receptions', 'receptions')).toBeUndefined();
      const reply = await site().get('/api/receptions');
      expect(reply.status).toBe(403);
      expect(reply.json.message).toMatch(/RESTCardholders/);
    });
  },
  { site: { ...demoSite(), licences: ['RESTStatus', 'RESTOverrides'] } },
);

// cc_rest.yaml Receptions: "new to 8.50".
describeAtVersions(
  'receptions before 8.50',
  (site) => {
    it('are neither linked nor served', async () => {
      expect(await site().feature('receptions', 'receptions')).toBeUndefined();
      expect((await site().get('/api/receptions')).status).toBe(404);
      expect((await site().get('/api/divisions/root', { fields: 'visitorManagement' })).json.visitorManagement).toBeUndefined();
    });
  },
  {},
  ['8.40'],
);
