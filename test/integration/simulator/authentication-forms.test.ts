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

  // cc_rest.yaml (Access control; securitySchemes API_key and basic): `GGL-API-KEY <key>` at every
  // version, `Basic base64(:key)` from 9.0 with any user name ignored.
  it('accepts the vendor word GGL-API-KEY at every version', async () => {
    for (const version of ['8.00', '8.60', '9.00', '9.40']) {
      expect((await status({ version }, (k) => `GGL-API-KEY ${k}`)).status, version).toBe(200);
    }
  });

  it("refuses the spec's stand-in word SERVICE-API-KEY at every version, naming the word in the event", async () => {
    for (const version of ['8.00', '8.60', '9.00', '9.40']) {
      const { status: code, sim } = await status({ version }, (k) => `SERVICE-API-KEY ${k}`);
      expect(code, version).toBe(401);
      expect(sim.control.events().at(-1)).toMatchObject({ type: 'auth-failure', reason: 'Unknown authorization scheme "SERVICE-API-KEY"' });
    }
  });

  it('accepts Basic with an empty or any username from 9.0', async () => {
    expect((await status({ version: '9.00' }, (k) => basic('', k))).status).toBe(200);
    expect((await status({ version: '9.40' }, (k) => basic('anyone-at-all', k))).status).toBe(200);
    // The vendor's own example pair: the same key in both forms.
    expect(basic('', 'C774-B01F-D695-AA4B-215F-A158-AC22-ADEB')).toBe('Basic OkM3NzQtQjAxRi1ENjk1LUFBNEItMjE1Ri1BMTU4LUFDMjItQURFQg==');
  });

  it('refuses Basic before 9.0 and a Basic with the wrong key', async () => {
    expect((await status({ version: '8.00' }, (k) => basic('', k))).status).toBe(401);
    expect((await status({ version: '8.90' }, (k) => basic('', k))).status).toBe(401);
    expect((await status({ version: '9.40' }, () => basic('', KEYS.north))).status).toBe(401);
  });

  // cc_rest.yaml: "Early versions of Command Centre allowed you to omit the 'GGL-API-KEY' … all versions
  // of the API gateway will reject you with a 401". The vendor names no version; the simulator's line is 9.0.
  it('accepts the bare key on early versions, refuses it from 9.0 and on a gateway', async () => {
    expect((await status({ version: '8.50' }, (k) => k)).status).toBe(200);
    expect((await status({ version: '9.00' }, (k) => k)).status).toBe(401);
    const gateway = privilegeSite((s) => (s.server = { gateway: true }));
    expect((await status({ version: '8.50', site: gateway }, (k) => k)).status).toBe(401);
  });

  // rest_training.adoc: "Both the GGL-API-KEY and the letters in the 30+ characters that follow it must be
  // upper case"; the gateway "is especially fussy about case and punctuation".
  it('wants GGL-API-KEY in upper case everywhere; a gateway is strict about spacing and Basic\'s case too; a server is not', async () => {
    const gateway = () => privilegeSite((s) => (s.server = { gateway: true }));
    expect((await status({ site: gateway() }, (k) => `GGL-API-KEY ${k}`)).status).toBe(200);
    expect((await status({ site: gateway() }, (k) => `ggl-api-key ${k}`)).status).toBe(401);
    expect((await status({ site: gateway() }, (k) => `GGL-API-KEY  ${k}`)).status).toBe(401);
    expect((await status({ site: gateway() }, (k) => basic('', k).replace('Basic', 'basic'))).status).toBe(401);
    expect((await status({}, (k) => `  GGL-API-KEY   ${k} `)).status).toBe(200);
    expect((await status({}, (k) => basic('', k).replace('Basic', 'BASIC'))).status).toBe(200);
    const { status: lower, sim } = await status({}, (k) => `ggl-api-key ${k}`);
    expect(lower).toBe(401);
    expect(sim.control.events().at(-1)).toMatchObject({ reason: expect.stringMatching(/GGL-API-KEY, in upper case/) });
    expect((await status({}, (k) => `GGL-API-KEY ${k.toLowerCase()}`)).status).toBe(401);
  });

  it('states the reason of each refusal in the event log', async () => {
    const { sim } = await status({ version: '9.40' }, (k) => k);
    expect(sim.control.events().at(-1)).toMatchObject({ type: 'auth-failure', reason: expect.stringMatching(/scheme word/) });
  });

  describe('client certificate flag', () => {
    const relaxed = (v: string) => ({ version: v, site: privilegeSite((s) => (s.server = { relaxedClientCertificates: true })) });

    it('without the flag, an item with a blank thumbprint never works', async () => {
      expect((await status({ site: privilegeSite() }, () => `GGL-API-KEY ${KEYS.blank}`)).status).toBe(401);
      expect((await status({ site: privilegeSite() }, () => `GGL-API-KEY ${KEYS.blank}`, null)).status).toBe(401);
    });

    it('up to 8.40 the flag turns certificate checks off entirely', async () => {
      expect((await status(relaxed('8.40'), (k) => `GGL-API-KEY ${k}`, null)).status).toBe(200);
      expect((await status(relaxed('8.40'), () => `GGL-API-KEY ${KEYS.blank}`, null)).status).toBe(200);
    });

    it('from 8.50 the flag lets blank-thumbprint items in, but pinned items still need their certificate', async () => {
      expect((await status(relaxed('8.50'), () => `GGL-API-KEY ${KEYS.blank}`, null)).status).toBe(200);
      expect((await status(relaxed('8.50'), (k) => `GGL-API-KEY ${k}`, null)).status).toBe(401);
      expect((await status(relaxed('8.50'), (k) => `GGL-API-KEY ${k}`)).status).toBe(200);
    });
  });

  // rest_training.adoc, the request process: a disabled client item (8.90 or later) → "Return 401 with
  // X-Authentication-Message header", the one refusal that raises no alarm.
  it('refuses a disabled REST client item from 8.90 with the reason in X-Authentication-Message, and no alarm', async () => {
    const disabled = () => privilegeSite((s) => (s.restClients[0]!.disabled = true));
    expect((await status({ version: '8.80', site: disabled() }, (k) => `GGL-API-KEY ${k}`)).status).toBe(200);
    const { sim, client } = await startWithClient({ version: '8.90', site: disabled() });
    running.push({ sim, clients: [client] });
    const before = sim.control.events().length;
    const answer = await client.get('/api');
    expect(answer.status).toBe(401);
    expect(answer.headers['x-authentication-message']).toBe('The REST client item Gatehouse desk is disabled');
    expect(sim.control.events().slice(before)).toEqual([]);
  });

  it('refuses a client outside its allowed source addresses with the reason', async () => {
    const { status: code, sim } = await status({ site: privilegeSite() }, () => `GGL-API-KEY ${KEYS.farAway}`);
    expect(code).toBe(401);
    expect(sim.control.events().at(-1)).toMatchObject({ reason: expect.stringMatching(/Source address 127\.0\.0\.1 is not allowed/) });
  });
});
