import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, startWithClient } from './support';
import demoSiteJson from '../../../resources/demo-site.json';
import type { SiteDefinition } from '../../../electron/simulator/index';

/** The demo site with the site file's `server.queryStringLinks` set. */
function withQueryStringLinks(): SiteDefinition {
  const site = structuredClone(demoSiteJson) as unknown as SiteDefinition;
  return { ...site, server: { ...site.server, queryStringLinks: true } };
}

// Spec: Root and discovery; What the service does (2, 3).
describe('discovery: GET /api', () => {
  const server = simulatorForTheseTests({ version: '9.40' });

  it('returns the version and the doors feature link on this server', async () => {
    const api = (await server.client.get('/api')).json;
    expect(api.version).toBe('9.40');
    const doors = new URL(api.features.doors.doors.href);
    expect(doors.origin).toBe(server.sim.url);
    expect(doors.pathname).toBe('/api/doors');
  });

  it('hands out plain links, as a real server does (rest_training.adoc: "The importance of /api")', async () => {
    const api = (await server.client.get('/api')).json;
    for (const group of Object.values(api.features) as Record<string, { href: string }>[]) {
      for (const link of Object.values(group)) expect(link.href).not.toContain('?');
    }
  });

  // cc_rest.yaml: /api/card_types is features.cardTypes.cardTypes, /api/card_types/assign (8.10) features.cardTypes.assign;
  // /api/items is features.items.items, /api/items/types features.items.itemTypes.
  it('links card types, assignable card types, items and item types where the vendor puts them', async () => {
    const { features } = (await server.client.get('/api')).json;
    expect(features.cardTypes).toEqual({ cardTypes: { href: `${server.sim.url}/api/card_types` }, assign: { href: `${server.sim.url}/api/card_types/assign` } });
    expect(features.items).toEqual({
      items: { href: `${server.sim.url}/api/items` },
      itemTypes: { href: `${server.sim.url}/api/items/types` },
      updates: { href: `${server.sim.url}/api/items/updates` },
    });
  });
});

describe('discovery with the query-string site option', () => {
  it('gives the doors and inputs links a query string of their own, from the option or the site file', async () => {
    for (const options of [{ queryStringLinks: true }, { site: withQueryStringLinks() }]) {
      const { sim, client } = await startWithClient({ version: '9.40', ...options });
      const { features } = (await client.get('/api')).json;
      expect(features.doors.doors.href).toBe(`${sim.url}/api/doors?pos=0`);
      expect(features.inputs.inputs.href).toBe(`${sim.url}/api/inputs?pos=0`);
      expect(features.accessZones.accessZones.href).toBe(`${sim.url}/api/access_zones`);
      await client.close();
      await sim.stop();
    }
  });

  it('gives no items or assign links where the version or licences have none', async () => {
    const { sim, client } = await startWithClient({ version: '8.00' });
    const { features } = (await client.get('/api')).json;
    expect(features.cardTypes).toEqual({ cardTypes: { href: `${sim.url}/api/card_types` } });
    expect(Object.keys(features.items)).toEqual(['items', 'itemTypes']);
    await client.close();
    await sim.stop();
  });
});
