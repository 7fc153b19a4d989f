import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, vendor } from './support/strict-schema';

// cc_rest.yaml: ItemUpdate: updates [{ id, statusFlags [string], statusText, status }] and next { href };
// the POST body is { itemIds: [string] } (/api/items/updates POST, 8.30).
const itemUpdate = vendor.object({
  updates: z.array(vendor.object({ id: vendor.id(), statusFlags: z.array(z.string()).optional(), statusText: z.string().optional(), status: z.string().optional() })),
  next: vendor.link(),
});

describeAtVersions('item status subscriptions (cc_rest.yaml: /api/items/updates)', (site) => {
  it('the POST and the GET of its next link answer in the vendor ItemUpdate shape', async () => {
    const doors = (await site().get((await site().feature('doors', 'doors'))!, { fields: 'id' })).json.results as { id: string }[];
    const href = (await site().feature('items', 'updates'))!;
    const subscribed = await site().client.post(href, { itemIds: doors.map((d) => d.id) });
    expect(subscribed.status).toBe(200);
    expectConforms(itemUpdate, subscribed.json, `subscription at ${site().version}`);
    expect(subscribed.json.updates.map((u: { id: string }) => u.id).sort()).toEqual(doors.map((d) => d.id).sort());
    const next = await site().get(subscribed.json.next.href);
    expect(next.status).toBe(200);
    expectConforms(itemUpdate, next.json, `subscription next at ${site().version}`);
  });
});
