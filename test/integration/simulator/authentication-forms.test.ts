import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { KEYS, privilegeSite } from './fixtures/sites';
import { startWithClient, TestClient } from './support';

// Spec: Authentication 3–6 (header forms, gateway strictness, certificate flag by version, source
// addresses). Each case starts its own server: the version and flags are per server.
describe('authentication forms', () => {
  const running: { sim: RunningSimulator; clients: TestClient[] }[] = [];
  afterEach(async () => {
    for (const r of running.splice(0)) {
      for (const c of r.clients) await c.close();
      await r.sim.stop();
    }
  });

  async function status(options: Parameters<typeof startWithClient>[0], authorization: (key: string) => string, cert?: null) {
    const { sim, client } = await startWithClient(options);
    const tried = new TestClient(sim, { authorization: authorization(sim.apiKey), ...(cert === null ? { cert: null } : {}) });
    running.push({ sim, clients: [client, tried] });
    return { status: (await tried.get('/api')).status, sim };
  }
  const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

  it('accepts Basic with an empty or any username from 9.0', async () => {
    expect((await status({ version: '9.00' }, (k) => basic('', k))).status).toBe(200);
    expect((await status({ version: '9.40' }, (k) => basic('anyone-at-all', k))).status).toBe(200);
  });

  it('refuses Basic before 9.0 and a Basic with the wrong key', async () => {
    expect((await status({ version: '8.90' }, (k) => basic('', k))).status).toBe(401);
    expect((await status({ version: '9.40' }, () => basic('', KEYS.north))).status).toBe(401);
  });

  it('accepts the bare key on early versions, refuses it from 9.0 and on a gateway', async () => {
    expect((await status({ version: '8.50' }, (k) => k)).status).toBe(200);
    expect((await status({ version: '9.00' }, (k) => k)).status).toBe(401);
    const gateway = privilegeSite((s) => (s.server = { gateway: true }));
    expect((await status({ version: '8.50', site: gateway }, (k) => k)).status).toBe(401);
  });

  it('a gateway is strict about case and spacing; a server is not', async () => {
    const gateway = privilegeSite((s) => (s.server = { gateway: true }));
    expect((await status({ site: gateway }, (k) => `SERVICE-API-KEY ${k}`)).status).toBe(200);
    expect((await status({ site: gateway }, (k) => `service-api-key ${k}`)).status).toBe(401);
    expect((await status({ site: gateway }, (k) => `SERVICE-API-KEY  ${k}`)).status).toBe(401);
    expect((await status({}, (k) => `service-api-key  ${k}`)).status).toBe(200);
  });

  it('states the reason of each refusal in the event log', async () => {
    const { sim } = await status({ version: '9.40' }, (k) => k);
    expect(sim.control.events().at(-1)).toMatchObject({ type: 'auth-failure', reason: expect.stringMatching(/scheme word/) });
  });

  describe('client certificate flag', () => {
    const relaxed = (v: string) => ({ version: v, site: privilegeSite((s) => (s.server = { relaxedClientCertificates: true })) });

    it('without the flag, an item with a blank thumbprint never works', async () => {
      expect((await status({ site: privilegeSite() }, () => `SERVICE-API-KEY ${KEYS.blank}`)).status).toBe(401);
      expect((await status({ site: privilegeSite() }, () => `SERVICE-API-KEY ${KEYS.blank}`, null)).status).toBe(401);
    });

    it('up to 8.40 the flag turns certificate checks off entirely', async () => {
      expect((await status(relaxed('8.40'), (k) => `SERVICE-API-KEY ${k}`, null)).status).toBe(200);
      expect((await status(relaxed('8.40'), () => `SERVICE-API-KEY ${KEYS.blank}`, null)).status).toBe(200);
    });

    it('from 8.50 the flag lets blank-thumbprint items in, but pinned items still need their certificate', async () => {
      expect((await status(relaxed('8.50'), () => `SERVICE-API-KEY ${KEYS.blank}`, null)).status).toBe(200);
      expect((await status(relaxed('8.50'), (k) => `SERVICE-API-KEY ${k}`, null)).status).toBe(401);
      expect((await status(relaxed('8.50'), (k) => `SERVICE-API-KEY ${k}`)).status).toBe(200);
    });
  });

  it('refuses a client outside its allowed source addresses with the reason', async () => {
    const { status: code, sim } = await status({ site: privilegeSite() }, () => `SERVICE-API-KEY ${KEYS.farAway}`);
    expect(code).toBe(401);
    expect(sim.control.events().at(-1)).toMatchObject({ reason: expect.stringMatching(/Source address 127\.0\.0\.1 is not allowed/) });
  });
});
