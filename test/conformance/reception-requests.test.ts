import { expect, it } from 'vitest';
import { z } from 'zod';
import { checkCard, cardholderPhoto } from '../../electron/core/reception/card-check';
import { OverdueWatch } from '../../electron/core/reception/overdue-watch';
import { ReceptionService } from '../../electron/core/reception/reception-service';
import { RollCallService } from '../../electron/core/reception/roll-call';
import type { ReceivedRequest } from '../../electron/simulator/index';
import { callsMade, requestsWhileDriving } from './support/desk-requests';
import { describeAtVersions, type SiteAtVersion } from './support/site-at-version';
import { differencesFromVendor, extraRequests, type VendorRequest } from './support/vendor-requests';

// The requests the reception desk, the roll call and the card check send, measured against the calls
// the vendor's reference describes (cc_rest.yaml, restated here in the project's words).

/** cc_rest.yaml visit_fields. */
const VISIT_FIELDS = ['href', 'name', 'description', 'division', 'serverDisplayName', 'notes', 'reception', 'visitorType', 'host', 'from', 'until',
  'location', 'badgeText', 'visitorAccessGroups', 'visitors', 'visitors.cardholder', 'visitors.href', 'visitors.invitation', 'visitors.status', 'defaults'];
/** cc_rest.yaml reception_fields. */
const RECEPTION_FIELDS = ['href', 'name', 'description', 'division', 'serverDisplayName', 'defaultVisitorType', 'notes', 'defaults'];
const SEARCH = ['sort', 'top', 'name', 'division', 'directDivision', 'description', 'fields', 'pos', 'skip'];
const link = z.object({ href: z.string().url() }).strict();
/** cc_rest.yaml visitorNotificationPOST: email subject and message, SMS message. */
const notification = z.object({ emailSubject: z.string(), emailMessage: z.string(), smsMessage: z.string() }).partial().strict();
/** cc_rest.yaml /api/visits POST: name, reception, visitorType, host, from, until required; visitors as { href }. */
const visitPost = z
  .object({
    name: z.string().min(1), reception: link, visitorType: link, host: link, from: z.iso.datetime({ offset: true }), until: z.iso.datetime({ offset: true }),
    description: z.string().optional(), location: z.string().optional(), visitorAccessGroups: z.array(link).optional(), visitors: z.array(link).optional(),
  })
  .strict();

const RECEPTION_REQUESTS: VendorRequest[] = [
  { method: 'GET', path: '/api/receptions', query: SEARCH, fields: RECEPTION_FIELDS },
  { method: 'GET', path: '/api/receptions/{id}', query: ['fields'], fields: RECEPTION_FIELDS },
  { method: 'GET', path: '/api/visits', query: SEARCH, fields: VISIT_FIELDS },
  { method: 'POST', path: '/api/visits', query: [], body: visitPost },
  { method: 'GET', path: '/api/visits/{id}', query: ['fields'], fields: VISIT_FIELDS },
  // cc_rest.yaml /api/visits/{id}/visitors/{secondary_id} PATCH: { status: { value } } (8.90).
  { method: 'PATCH', path: '/api/visits/{id}/visitors/{visitorId}', query: [], body: z.object({ status: z.object({ value: z.enum(['expected', 'signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed', 'cancelled']) }).strict() }).strict() },
  { method: 'POST', path: '/api/visits/{id}/visitors/{visitorId}/notify_signing_in', query: [], body: notification },
  { method: 'POST', path: '/api/visits/{id}/visitors/{visitorId}/notify_onsite', query: [], body: notification },
  // cc_rest.yaml /api/cardholders/{id}/update_location POST: { accessZone: { href } } (time only for a past movement).
  { method: 'POST', path: '/api/cardholders/{id}/update_location', query: [], body: z.object({ accessZone: link }).strict() },
  // cc_rest.yaml CardholderPDF: an image field's value is an href to the image.
  { method: 'GET', path: '/api/cardholders/{id}/personal_data/{fieldId}', query: [] },
];
extraRequests.push(...RECEPTION_REQUESTS.filter((r) => !extraRequests.some((e) => e.method === r.method && e.path === r.path)));

function driveTheReception(site: SiteAtVersion): Promise<ReceivedRequest[]> {
  const { sim } = site;
  return requestsWhileDriving(site, async (session) => {
    const options = { session: () => session };
    const reception = new ReceptionService(options);
    const rollCall = new RollCallService(options);
    const north = `${sim.url}/api/receptions/rc-north`;
    const today = await reception.today(north);
    const { types } = await reception.visitorTypes(north);
    const now = new Date();
    await reception.walkIn({
      reception: north, visitorType: types[0]!.href, host: { href: `${sim.url}/api/cardholders/ch-praman`, name: 'Priya Raman' },
      visitor: { href: `${sim.url}/api/cardholders/ch-v-cobi`, name: 'Chidi Obi' },
      from: now.toISOString(), until: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    if (today.statesOffered) {
      const lab = today.visits.find((v) => v.name === 'Lab tour')!.visitors[0]!;
      await reception.setVisitorState({ visitor: lab.href!, visitorName: lab.name, visitName: 'Lab tour', state: 'signingIn' });
      await reception.notifyHost({ visitor: lab.href!, visitorName: lab.name, reception: 'North Lobby Reception', kind: 'signingIn' });
      await reception.notifyHost({ visitor: lab.href!, visitorName: lab.name, reception: 'North Lobby Reception', kind: 'onSite' });
    }
    const roll = await rollCall.get();
    await new OverdueWatch({ session: () => session, chosen: () => north, publish: () => undefined }).refresh();
    const { zones } = await rollCall.musterZones();
    const person = roll.zones[0]!.people[0]!;
    await rollCall.markSafe({ cardholder: person.href, name: person.name, zone: zones[0]!.href, zoneName: zones[0]!.name });
    await checkCard(session, '4104');
    await cardholderPhoto(session, `${sim.url}/api/cardholders/ch-praman`);
  });
}

describeAtVersions("what the reception, roll call and card check send, against the vendor's requests", (site) => {
  it('every path, query parameter, `fields` value and body is one the vendor describes', async () => {
    const sent = await driveTheReception(site());
    expect(sent.flatMap(differencesFromVendor)).toEqual([]);
    const made = new Set(callsMade(sent));
    const calls = ['GET /api/receptions', 'GET /api/visits', 'POST /api/visits', 'GET /api/cardholders', 'POST /api/cardholders/{id}/update_location',
      'GET /api/cardholders/{id}/personal_data/{fieldId}', 'GET /api/access_zones/update_cardholder_location'];
    if (site().version !== '8.60') calls.push('PATCH /api/visits/{id}/visitors/{visitorId}', 'POST /api/visits/{id}/visitors/{visitorId}/notify_signing_in', 'POST /api/visits/{id}/visitors/{visitorId}/notify_onsite');
    for (const call of calls) expect(made, call).toContain(call);
  });
});
