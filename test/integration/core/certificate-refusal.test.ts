import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { DeskError } from '../../../shared/errors';
import { discover } from '../../../electron/core/api/discovery';
import { transportFor, startTestSite } from '../support/site';

let site: RunningSimulator;
let other: RunningSimulator;

beforeAll(async () => {
  [site, other] = await Promise.all([startTestSite(), startTestSite()]);
});
afterAll(async () => {
  await Promise.all([site?.stop(), other?.stop()]);
});

describe('a server certificate that is not the pinned one', () => {
  it('is refused, explained once for many refused requests, and nothing reaches the server', async () => {
    let explanations = 0;
    // Pinned to the other simulator's certificate: this server's own certificate is now "changed".
    const transport = transportFor(site, { tls: { cert: site.clientCertPem, key: site.clientKeyPem, connect: { ca: other.serverCertPem } } }, {
      explainTlsFailure: async () => {
        explanations += 1;
        await new Promise((r) => setTimeout(r, 50));
        return new DeskError('certificate', 'The server certificate changed');
      },
      getRetry: false,
    });
    const before = site.control.events(0).length;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => discover(transport)));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'certificate', message: 'The server certificate changed' });
    }
    expect(explanations).toBe(1);
    expect(site.control.events(0).length).toBe(before);
    await transport.close();
  });
});
