import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader, DEFAULT_AUTH, type AuthForm } from '../../../electron/core/api/auth';
import { discover } from '../../../electron/core/api/discovery';
import type { DeskConfig } from '../../../electron/core/config';
import { checkSite } from '../../../electron/core/site-check/check-site';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { privilegeSite } from '../simulator/fixtures/sites';
import { deskConfigFor, startTestSite, transportFor } from '../support/site';

// cc_rest.yaml, "Access control" and securitySchemes: `Authorization: GGL-API-KEY <key>` at every
// version; `Basic base64(:key)` "in 9.0 and later"; any failure is a 401 and an event with the reason.
const VERSIONS = ['8.00', '8.60', '9.00', '9.40'] as const;
const STAND_IN: AuthForm = { kind: 'scheme', scheme: 'SERVICE-API-KEY' };

const sites = new Map<string, RunningSimulator>();
let gateway: RunningSimulator;
let stranger: RunningSimulator;

beforeAll(async () => {
  const started = await Promise.all(VERSIONS.map((version) => startTestSite({ version })));
  VERSIONS.forEach((version, i) => sites.set(version, started[i]!));
  // A gateway of the site's own that wants its own word in place of GGL-API-KEY.
  gateway = await startTestSite({ site: privilegeSite((s) => (s.server = { gateway: true, gatewayScheme: 'X-Desk-Key' })) });
  // Only for its client certificate, which no REST client item on the other sites pins.
  stranger = await startTestSite();
});
afterAll(async () => {
  await Promise.all([...sites.values(), gateway, stranger].map((s) => s?.stop()));
});

const site = (version: (typeof VERSIONS)[number]) => sites.get(version)!;
const failuresSince = (sim: RunningSimulator, seq: number) =>
  sim.control.events(seq).filter((e) => e.type === 'auth-failure' || e.type === 'auth-flood-alarm');
const lastSeq = (sim: RunningSimulator) => sim.control.events(0).at(-1)?.seq ?? 0;

async function discovers(sim: RunningSimulator, auth: AuthForm): Promise<'answered' | string> {
  const transport = transportFor(sim, { auth }, { getRetry: false });
  try {
    await discover(transport);
    return 'answered';
  } catch (err) {
    return (err as { code: string }).code;
  } finally {
    await transport.close();
  }
}

describe("the desk's Authorization header against the simulator, version by version", () => {
  it('sends GGL-API-KEY and the key by default, and every version takes it', async () => {
    expect(authorizationHeader(DEFAULT_AUTH, 'C774-B01F-D695-AA4B-215F-A158-AC22-ADEB')).toBe('GGL-API-KEY C774-B01F-D695-AA4B-215F-A158-AC22-ADEB');
    for (const version of VERSIONS) expect(await discovers(site(version), DEFAULT_AUTH), version).toBe('answered');
  });

  it("is refused with the spec's stand-in word SERVICE-API-KEY at every version", async () => {
    for (const version of VERSIONS) {
      const before = lastSeq(site(version));
      expect(await discovers(site(version), STAND_IN), version).toBe('unauthorised');
      expect(failuresSince(site(version), before)).toEqual([expect.objectContaining({ reason: 'Unknown authorization scheme "SERVICE-API-KEY"' })]);
    }
  });

  it('gets in as Basic from 9.0 and is refused as Basic before', async () => {
    expect(await discovers(site('8.00'), { kind: 'basic' })).toBe('unauthorised');
    expect(await discovers(site('8.60'), { kind: 'basic' })).toBe('unauthorised');
    expect(await discovers(site('9.00'), { kind: 'basic' })).toBe('answered');
    expect(await discovers(site('9.40'), { kind: 'basic' })).toBe('answered');
  });

  it("sends a gateway's own word exactly as configured", async () => {
    expect(await discovers(gateway, { kind: 'scheme', scheme: 'X-Desk-Key' })).toBe('answered');
    expect(await discovers(gateway, { kind: 'scheme', scheme: 'x-desk-key' })).toBe('unauthorised');
  });
});

describe('Test connection after a 401: the form, or the key and certificate?', () => {
  const check = (sim: RunningSimulator, overrides: Partial<DeskConfig>) => checkSite(deskConfigFor(sim, overrides));
  const refusal = async (sim: RunningSimulator, overrides: Partial<DeskConfig>) => {
    const before = lastSeq(sim);
    const error = await check(sim, overrides).then(
      () => undefined,
      (err: Error & { code: string }) => err,
    );
    return { error, failures: failuresSince(sim, before) };
  };

  it('names a refused scheme word and the word the server takes, for one extra request', async () => {
    const sim = site('9.40');
    const { error, failures } = await refusal(sim, { auth: STAND_IN });
    expect(error).toMatchObject({
      code: 'unauthorised',
      message:
        `The server at ${new URL(sim.url).origin} refused the scheme word SERVICE-API-KEY (401), but accepts the same key after ` +
        'GGL-API-KEY: the API key and the client certificate are right. Set the scheme word back to GGL-API-KEY under "How the API key is sent".',
    });
    // The refused try, then the diagnosis that got in: one failure on the server's log, no more.
    expect(failures).toHaveLength(1);
  });

  it('says a gateway refused GGL-API-KEY but takes Basic: switch to Basic', async () => {
    const before = lastSeq(gateway);
    const error = await check(gateway, { auth: DEFAULT_AUTH }).catch((err: Error) => err);
    expect((error as Error).message).toBe(
      `The server at ${new URL(gateway.url).origin} refused the scheme word GGL-API-KEY (401), but accepts the same key sent as Basic: ` +
        'the API key and the client certificate are right. Choose Basic under "How the API key is sent".',
    );
    expect(failuresSince(gateway, before)).toHaveLength(1);
  });

  it('says a server before 9.0 does not take Basic, and that GGL-API-KEY works', async () => {
    const sim = site('8.60');
    const { error, failures } = await refusal(sim, { auth: { kind: 'basic' } });
    expect(error?.message).toBe(
      `The server at ${new URL(sim.url).origin} (version 8.60) refused the key sent as Basic (401) (servers before 9.0 do not take Basic), ` +
        'but accepts it after the scheme word GGL-API-KEY: the API key and the client certificate are right. Choose the API key form under "How the API key is sent".',
    );
    expect(failures).toHaveLength(1);
  });

  it('says the form is not the cause when the key is wrong, after exactly one extra request', async () => {
    for (const version of ['8.00', '9.40'] as const) {
      const sim = site(version);
      const { error, failures } = await refusal(sim, { apiKey: '0000-0000-0000-0000-0000-0000-0000-0000' });
      expect(error?.message, version).toBe(
        `The server at ${new URL(sim.url).origin} refused this desk's credentials (401), sent after GGL-API-KEY and as Basic alike, so how ` +
          "the key is sent is not the cause: check the API key, and that this desk's client certificate thumbprint is the one on the " +
          "server's REST client item (the server's alarm list says which it refused).",
      );
      expect(failures.map((f) => ('reason' in f ? f.reason : f.type))).toEqual(
        version === '8.00' ? ['Unknown API key', 'Basic authentication is not accepted before version 9.0'] : ['Unknown API key', 'Unknown API key'],
      );
    }
  });

  it('says the form is not the cause when the client certificate is not the pinned one', async () => {
    const sim = site('9.40');
    const tls = { cert: stranger.clientCertPem, key: stranger.clientKeyPem, connect: { ca: sim.serverCertPem } };
    const { error, failures } = await refusal(sim, { tls });
    expect(error?.message).toMatch(/sent after GGL-API-KEY and as Basic alike, so how the key is sent is not the cause/);
    expect(failures.map((f) => ('reason' in f ? f.reason : f.type))).toEqual(['Invalid client certificate: thumbprint does not match', 'Invalid client certificate: thumbprint does not match']);
  });

  it("passes on the server's own reason when the 401 carries one (a disabled REST client item), without a second try", async () => {
    const disabled = await startTestSite({ version: '9.40', site: privilegeSite((s) => (s.restClients[0]!.disabled = true)) });
    try {
      const error = await check(disabled, {}).catch((err: Error) => err);
      // Had the other form been tried, its 401 would have made this "both forms refused".
      expect(error).toMatchObject({
        code: 'unauthorised',
        message:
          `The server at ${new URL(disabled.url).origin} refused this desk's credentials (401) and says why: ` +
          `"The REST client item Gatehouse desk is disabled". Ask whoever looks after the access-control server about this desk's REST client item.`,
      });
      expect(failuresSince(disabled, 0)).toEqual([]);
    } finally {
      await disabled.stop();
    }
  });

  it('passes with the default header at every version', async () => {
    for (const version of VERSIONS) {
      const before = lastSeq(site(version));
      await expect(check(site(version), {})).resolves.toMatchObject({ version: site(version).version });
      expect(failuresSince(site(version), before)).toEqual([]);
    }
  });
});
