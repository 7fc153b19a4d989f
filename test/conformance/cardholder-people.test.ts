import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, vendor } from './support/strict-schema';

// cc_rest.yaml CardholderDetail: personalDataDefinitions (one block per field, keyed '@Name', with its
// definition and value; an image field's value is an href to the image) and the same values at the
// root; lastSuccessfulAccessTime and lastSuccessfulAccessZone { href, name }, the zone without an href
// when a visitor's last movement was leaving through a reception.

const imageField = vendor.object({
  href: vendor.href(),
  definition: vendor.object({ href: vendor.href(), name: z.string(), id: vendor.id(), type: z.literal('image') }),
  value: vendor.object({ href: vendor.href() }),
});
const people = vendor.object({
  personalDataDefinitions: z.array(z.record(z.string().regex(/^@/), imageField)).optional(),
  '@Photo': vendor.object({ href: vendor.href() }).optional(),
  lastSuccessfulAccessTime: vendor.dateTime().optional(),
  lastSuccessfulAccessZone: vendor.object({ href: vendor.href().optional(), name: z.string() }).optional(),
});

describeAtVersions('cardholder photos and last access (cc_rest.yaml: CardholderDetail)', (site) => {
  it('gives a photo as an image personal data field whose href serves the image', async () => {
    const holder = await site().get('/api/cardholders/ch-praman');
    expect(holder.status).toBe(200);
    expectConforms(people.required({ personalDataDefinitions: true, '@Photo': true }), holder.json, 'a cardholder with a photo');
    const photo = holder.json['@Photo'].href as string;
    expect(holder.json.personalDataDefinitions[0]['@Photo'].value.href).toBe(photo);
    const image = await site().client.send('GET', photo);
    expect(image.status).toBe(200);
    // cc_rest.yaml PDF definition contentType: image/bmp, image/jpeg or image/png.
    expect(image.headers['content-type']).toMatch(/^image\/(png|jpeg|bmp)$/);
    expect(Buffer.from(image.text, 'latin1').subarray(1, 4).toString('latin1')).toBe('PNG');
    // A cardholder without a value has no block at all (cc_rest.yaml: "the server does not send nulls").
    const none = await site().get('/api/cardholders/ch-desk');
    expect(none.json['@Photo']).toBeUndefined();
    expect(none.json.personalDataDefinitions).toBeUndefined();
  });

  it('gives the last access in a search only when asked for, and personalDataFields adds the values', async () => {
    const href = await site().feature('cardholders', 'cardholders');
    const plain = await site().get(href!, { name: 'Raman' });
    expect(plain.json.results[0].lastSuccessfulAccessZone).toBeUndefined();
    const asked = await site().get(href!, { name: 'Raman', fields: 'href,firstName,lastName,lastSuccessfulAccessZone,lastSuccessfulAccessTime,personalDataFields' });
    expectConforms(people.required({ lastSuccessfulAccessZone: true, lastSuccessfulAccessTime: true, '@Photo': true }), asked.json.results[0], 'a search with fields');
  });

  it('moves a cardholder with update_location (8.20) to an access zone, by its href or its items href', async () => {
    const holder = `${site().sim.url}/api/cardholders/ch-therrera`;
    for (const path of ['/api/access_zones/az-n3', '/api/items/az-carpark']) {
      const before = Date.now();
      const moved = await site().client.post(`${holder}/update_location`, { accessZone: { href: `${site().sim.url}${path}` } });
      expect([200, 204], path).toContain(moved.status);
      const after = await site().get(holder);
      expectConforms(people, after.json, 'after update_location');
      expect(after.json.lastSuccessfulAccessZone.href).toBe(`${site().sim.url}/api/access_zones/${path.split('/').pop()}`);
      expect(Date.parse(after.json.lastSuccessfulAccessTime)).toBeGreaterThanOrEqual(before - 1000);
    }
    const bad = await site().client.post(`${holder}/update_location`, { accessZone: { href: `${site().sim.url}/api/doors/d-lobby-main` } });
    expect(bad.status).toBe(400);
  });

  it('names the reception, without an href, for a visitor who departed (9.0 and later visitor states)', async () => {
    if (site().version === '8.60') return; // visitor states arrived in 8.90: nothing to depart with here
    const visitorHref = `${site().sim.url}/api/visits/v-1001/visitors/ch-v-jnakamura`;
    const left = await site().client.send('PATCH', visitorHref, JSON.stringify({ status: { value: 'departed' } }), { 'content-type': 'application/json' });
    expect([200, 204]).toContain(left.status);
    const holder = await site().get('/api/cardholders/ch-v-jnakamura');
    expect(holder.json.lastSuccessfulAccessZone).toEqual({ name: 'North Lobby Reception' });
  });
});

describeAtVersions('cardholder search by access zone (cc_rest.yaml: /api/cardholders accessZone)', (site) => {
  it('finds who is in the named zones, or with * in any zone, with their last access when asked', async () => {
    const href = await site().feature('cardholders', 'cardholders');
    const fields = 'href,firstName,lastName,lastSuccessfulAccessZone,lastSuccessfulAccessTime';
    const labs = await site().get(href!, { accessZone: 'az-labs', fields });
    expect(labs.status).toBe(200);
    expect(labs.json.results.length).toBeGreaterThan(0);
    for (const holder of labs.json.results) {
      expectConforms(people.required({ lastSuccessfulAccessZone: true }), holder, 'a cardholder in the labs');
      expect(holder.lastSuccessfulAccessZone.href).toBe(`${site().sim.url}/api/access_zones/az-labs`);
    }
    const anywhere = await site().get(href!, { accessZone: '*', fields, top: '1000' });
    const everyone = await site().get(href!, { top: '1000' });
    expect(anywhere.json.results.length).toBeGreaterThan(labs.json.results.length);
    expect(anywhere.json.results.length).toBeLessThan(everyone.json.results.length);
  });
});

// cc_rest.yaml CardholderCard (number, status {value, type}, type {href, name}, from, until) and
// CardholderDetail.accessGroups (each with its accessGroup {name, href}); a search's `fields` may name `cards`.
const card = vendor.object({
  href: vendor.href(),
  number: z.string(),
  issueLevel: z.number().int().min(0).max(15).optional(),
  status: vendor.object({ value: z.string(), type: z.string() }),
  type: vendor.object({ href: vendor.href(), name: z.string() }),
  from: vendor.dateTime().optional(),
  until: vendor.dateTime().optional(),
});
const membership = vendor.object({ href: vendor.href().optional(), accessGroup: vendor.object({ name: z.string(), href: vendor.href() }) });

describeAtVersions('cardholder cards and access groups (cc_rest.yaml: CardholderCard, accessGroups)', (site) => {
  it("gives each card's number, state, type and validity, and the cardholder's access groups", async () => {
    const holder = await site().get('/api/cardholders/ch-gwhitfield');
    expectConforms(vendor.object({ cards: z.array(card).min(1), accessGroups: z.array(membership).min(1) }), holder.json, 'a cardholder with a card');
    const href = await site().feature('cardholders', 'cardholders');
    const search = await site().get(href!, { name: 'Whitfield', fields: 'href,cards' });
    expectConforms(vendor.object({ cards: z.array(card) }), search.json.results[0], 'a search with fields=cards');
    // A card past its end is 'Expired' whatever its state (cc_rest.yaml CardholderCard.status).
    const expired = await site().get('/api/cardholders/ch-hgrantham');
    expect(expired.json.cards[0].status).toEqual({ value: 'Expired', type: 'inactive' });
  });
});
