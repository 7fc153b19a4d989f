import { expect, it } from 'vitest';
import { z } from 'zod';
import { demoSite } from '../integration/simulator/fixtures/sites';
import { describeAtVersions, type SiteAtVersion } from './support/site-at-version';
import { expectConforms, searchPage, vendor } from './support/strict-schema';
import { visit } from './support/visit-schemas';

// cc_rest.yaml Visits: new in 8.50, linked at features.visits.visits, needing both RESTCardholders and
// VisitorManagement. A visitor's own href and state, and the two host notifications, are new in 8.90.

const ALL_FIELDS = 'href,name,description,division,notes,reception,visitorType,host,from,until,location,visitorAccessGroups,visitors,visitors.invitation';

async function visitsHref(site: SiteAtVersion): Promise<string> {
  const href = await site.feature('visits', 'visits');
  if (!href) throw new Error(`no features.visits.visits at ${site.version}`);
  return href;
}

interface VisitJson {
  href: string;
  visitors: { href: string; status: { type: string }; cardholder: { href: string } }[];
}

async function visitNamed(site: SiteAtVersion, name: string): Promise<VisitJson> {
  const list = await site.get(await visitsHref(site), { name, fields: ALL_FIELDS });
  return list.json.results[0];
}

describeAtVersions('visits (cc_rest.yaml: /api/visits)', (site) => {
  const states = () => site().version !== '8.60';

  it('searches visits, each with the fields the reference lists, and a visit answers at its href', async () => {
    const list = await site().get(await visitsHref(site()), { top: '1000' });
    expect(list.status).toBe(200);
    expectConforms(searchPage(visit), list.json, `GET visits at ${site().version}`);
    expect(list.json.results.length).toBeGreaterThan(3);

    const full = await site().get(await visitsHref(site()), { top: '1000', fields: ALL_FIELDS });
    expectConforms(searchPage(visit), full.json, 'visits with every field');
    const supplier = full.json.results.find((v: { name: string }) => v.name === 'Supplier review');
    expect(supplier.visitors).toHaveLength(2);
    for (const v of supplier.visitors) {
      expect(typeof v.invitation).toBe('string');
      // cc_rest.yaml Visit.visitors: href and status "new to 8.90".
      expect(v.href !== undefined, `visitor href at ${site().version}`).toBe(states());
      expect(v.status?.type).toBe(states() ? 'onSite' : undefined);
    }
    const detail = await site().get(supplier.href);
    expect(detail.status).toBe(200);
    expectConforms(visit.required({ href: true, name: true, reception: true, visitorType: true, host: true, from: true, until: true }), detail.json, 'a visit');
    // cc_rest.yaml visit_fields: notes and invitations only when asked for.
    expect(detail.json.notes).toBeUndefined();
    expect(detail.json.visitors[0].invitation).toBeUndefined();
  });

  it('creates a visit from the required fields, answering 201 with its href in location', async () => {
    const api = (path: string) => `${site().sim.url}${path}`;
    const from = new Date(Date.now() + 600_000);
    const body = {
      name: 'Walk-in: courier',
      reception: { href: api('/api/receptions/rc-north') },
      visitorType: { href: api('/api/access_groups/ag-visitors') },
      host: { href: api('/api/cardholders/ch-praman') },
      from: from.toISOString(),
      until: new Date(from.getTime() + 3_600_000).toISOString(),
      visitors: [{ href: api('/api/cardholders/ch-v-cobi') }],
    };
    const created = await site().client.post(await visitsHref(site()), body);
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^https:\/\//);
    const made = await site().get(location);
    expectConforms(visit, made.json, 'the created visit');
    expect(made.json.name).toBe('Walk-in: courier');
    // cc_rest.yaml: the server ignores any status sent and sets every visitor expected.
    if (states()) expect(made.json.visitors[0].status.type).toBe('expected');

    for (const missing of ['name', 'reception', 'visitorType', 'host', 'from', 'until'] as const) {
      const { [missing]: _gone, ...partial } = body;
      const refused = await site().client.post(await visitsHref(site()), partial);
      expect(refused.status, `without ${missing}`).toBe(400);
      expectConforms(vendor.object({ message: z.string().min(1) }), refused.json, `400 without ${missing}`);
    }
    // cc_rest.yaml: until must be later than from.
    expect((await site().client.post(await visitsHref(site()), { ...body, until: body.from })).status).toBe(400);
    // cc_rest.yaml Visit.host: the host must be in one of the visitor type's host access groups.
    expect((await site().client.post(await visitsHref(site()), { ...body, host: { href: api('/api/cardholders/ch-jberg') } })).status).toBe(400);
  });

  it("moves a visitor through the day from 8.90, and refuses a change to an expired visit", async () => {
    const visitorUrl = `${site().sim.url}/api/visits/v-1005/visitors/ch-v-achowdhury`;
    const patch = (url: string, body: unknown) => site().client.send('PATCH', url, JSON.stringify(body), { 'content-type': 'application/json' });
    if (!states()) {
      expect((await patch(visitorUrl, { status: { value: 'signingIn' } })).status).toBe(404);
      return;
    }
    const lab = await visitNamed(site(), 'Lab tour');
    const href = lab.visitors[0]!.href;
    for (const value of ['signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed']) {
      const reply = await patch(href, { status: { value } });
      expect([200, 204], value).toContain(reply.status);
        expect((await visitNamed(site(), 'Lab tour')).visitors[0]!.status.type).toBe(value);
    }
    expect((await patch(href, { status: { value: 'gone home' } })).status).toBe(400);
    // The overdue visit ended half an hour ago: cc_rest.yaml 403 "the visit has expired".
    const overdue = await visitNamed(site(), 'Visit hosted by Oliver Grant');
    const refused = await patch(overdue.visitors[0]!.href, { status: { value: 'departed' } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/expired/);
  });

  it('sends host notifications (signing in, on site) from 8.90, needing an email subject or message or an SMS', async () => {
    const supplier = await visitNamed(site(), 'Supplier review');
    const base = states() ? supplier.visitors[0]!.href : `${site().sim.url}/api/visits/v-1002/visitors/ch-v-lpetrov`;
    for (const path of ['notify_signing_in', 'notify_onsite']) {
      const sent = await site().client.post(`${base}/${path}`, { emailSubject: 'Your visitor is at reception', smsMessage: 'Visitor at North Lobby' });
      if (!states()) {
        expect(sent.status, path).toBe(404);
        continue;
      }
      expect([200, 204], path).toContain(sent.status);
      expect((await site().client.post(`${base}/${path}`, {})).status, `${path} with nothing to send`).toBe(400);
    }
  });

  it('changes a visit with PATCH, adding visitors by { add }', async () => {
    const target = await visitNamed(site(), 'Delivery inspection');
    const reply = await site().client.send('PATCH', target.href, JSON.stringify({
      location: 'North Level 2, room 210',
      visitors: { add: [{ href: `${site().sim.url}/api/cardholders/ch-v-rsilva` }] },
    }), { 'content-type': 'application/json' });
    expect([200, 204]).toContain(reply.status);
    const changed = await site().get(target.href);
    expect(changed.json.location).toBe('North Level 2, room 210');
    expect(changed.json.visitors.map((v: { cardholder: { href: string } }) => v.cardholder.href)).toContain(`${site().sim.url}/api/cardholders/ch-v-rsilva`);
  });
});

// cc_rest.yaml /api/visits 403: "does not have both the RESTCardholders and VisitorManagement licences".
describeAtVersions(
  'visits without the VisitorManagement licence',
  (site) => {
    it('are not linked, and every visit call is refused with 403 naming the licence', async () => {
      expect(await site().feature('visits', 'visits')).toBeUndefined();
      for (const path of ['/api/visits', '/api/visits/v-1001']) {
        const reply = await site().get(path);
        expect(reply.status, path).toBe(403);
        expect(reply.json.message).toMatch(/VisitorManagement/);
      }
      // Receptions need only RESTCardholders.
      expect(await site().feature('receptions', 'receptions')).toBeDefined();
    });
  },
  { site: { ...demoSite(), licences: ['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV', 'RESTEvents'] } },
);

// cc_rest.yaml Visits: "new to 8.50".
describeAtVersions(
  'visits before 8.50',
  (site) => {
    it('are neither linked nor served', async () => {
      expect(await site().feature('visits', 'visits')).toBeUndefined();
      expect((await site().get('/api/visits')).status).toBe(404);
    });
  },
  {},
  ['8.40'],
);
