import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { importPemCredential } from '../../../electron/core/vault/certificates/import-pem';
import { CertificateMismatchError, VaultError } from '../../../electron/core/vault/errors';
import { explainPinnedTlsFailure, pinnedTlsOptions } from '../../../electron/core/vault/pinning/pinned-tls-options';
import { probeServerCertificate } from '../../../electron/core/vault/pinning/probe-server-certificate';
import { pinFromProbe, type ServerCertificatePin } from '../../../electron/core/vault/pinning/server-certificate-pin';
import { makeCertificate, pkcs8Pem, type TestCertificate } from '../../unit/vault/support/certificates';
import {
  fingerprint256Of,
  startByteCountingServer,
  startHttpsServer,
  type RunningServer,
} from './support/tls-servers';

let server: TestCertificate;
let impostor: TestCertificate;
let siteCa: TestCertificate;
let issuedServer: TestCertificate;
let client: TestCertificate;
const running: RunningServer[] = [];
const agents: Agent[] = [];

beforeAll(async () => {
  server = await makeCertificate({ subject: 'CN=acs.site.test', ipAddresses: ['127.0.0.1'] });
  impostor = await makeCertificate({ subject: 'CN=acs.site.test', ipAddresses: ['127.0.0.1'] });
  siteCa = await makeCertificate({ subject: 'CN=Site CA', isCa: true });
  issuedServer = await makeCertificate({ subject: 'CN=acs.site.test', issuer: siteCa, ipAddresses: ['127.0.0.1'] });
  client = await makeCertificate({ subject: 'CN=Reception desk', kind: 'rsa' });
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function started(start: Promise<RunningServer>): Promise<RunningServer> {
  const s = await start;
  running.push(s);
  return s;
}

function pinOf(cert: TestCertificate): ServerCertificatePin {
  return {
    sha256Fingerprint: fingerprint256Of(cert),
    certificatePem: cert.certificatePem,
    summary: importPemCredential([cert.certificatePem, pkcs8Pem(cert)]).summary,
    confirmedAt: new Date().toISOString(),
  };
}

/** GET / through undici with the pinned options (and a client certificate when given). */
async function pinnedGet(origin: string, pin: ServerCertificatePin, withClient = false): Promise<string> {
  const agent = new Agent({
    connect: {
      ...pinnedTlsOptions(pin),
      ...(withClient ? { cert: client.certificatePem, key: pkcs8Pem(client) } : {}),
    },
  });
  agents.push(agent);
  const response = await request(`${origin}/api`, {
    dispatcher: agent,
    headers: { authorization: 'GGL-API-KEY 7C1E-90AB-44D2-0F3E' },
  });
  return response.body.text();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the pinned connection to be refused');
    },
    (err: unknown) => err,
  );
}

describe('probing the server certificate on first contact', () => {
  it('returns the certificate for the operator to confirm, after a handshake only', async () => {
    const s = await started(startByteCountingServer({ certificate: server, requestClientCertificate: true }));
    const probe = await probeServerCertificate(s.origin);
    expect(probe.summary.sha256Fingerprint).toBe(fingerprint256Of(server));
    expect(probe.summary.subject).toBe('CN=acs.site.test');
    expect(probe.summary.validity).toBe('valid');
    expect(probe.certificatePem.replace(/\s/g, '')).toBe(server.certificatePem.replace(/\s/g, ''));
    expect(probe.trustedBySystem).toBe(false);
    await expect.poll(() => s.log.handshakes).toBe(1);
    expect(s.log.clientThumbprints).toEqual([null]); // no client certificate went out
    expect(s.log.applicationBytes).toBe(0); // and no request
  });

  it('says clearly when nothing answers, or the address is not https', async () => {
    const s = await started(startHttpsServer({ certificate: server }));
    const port = new URL(s.origin).port;
    await s.close();
    running.length = 0;
    await expect(probeServerCertificate(`https://127.0.0.1:${port}`)).rejects.toThrow(
      `Nothing is listening at https://127.0.0.1:${port}: check the port, and that the server is running.`,
    );
    await expect(probeServerCertificate('http://127.0.0.1:1')).rejects.toThrow(/must start with https:\/\//);
  });

  it('names a plain-HTTP port as such instead of an OpenSSL record error', async () => {
    const plain = createServer((_req, res) => res.end('plain'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as AddressInfo;
    try {
      await expect(probeServerCertificate(`127.0.0.1:${port}`)).rejects.toThrow(
        `The server at https://127.0.0.1:${port} answered in plain HTTP, not HTTPS: check the port (the REST interface uses HTTPS).`,
      );
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('explains a TLS 1.2 server that will not show its certificate without a client certificate', async () => {
    const s = await started(
      startByteCountingServer({ certificate: server, requireClientCertificate: true, maxVersion: 'TLSv1.2' }),
    );
    await expect(probeServerCertificate(s.origin)).rejects.toThrow(/demands a client certificate at the TLS level/);
    expect(s.log.applicationBytes).toBe(0);
  });
});

describe('pinned connections', () => {
  it('talk to the server whose certificate was confirmed', async () => {
    const s = await started(startHttpsServer({ certificate: server }));
    const pin = pinFromProbe(await probeServerCertificate(s.origin));
    expect(await pinnedGet(s.origin, pin)).toBe('ok');
    expect(s.log.requests).toBe(1);
  });

  it('carry the imported client certificate, which the server sees by the thumbprint shown at import', async () => {
    const s = await started(startHttpsServer({ certificate: server, requestClientCertificate: true }));
    const imported = importPemCredential([client.certificatePem, pkcs8Pem(client)]);
    expect(await pinnedGet(s.origin, pinOf(server), true)).toBe('ok');
    expect(s.log.clientThumbprints).toEqual([imported.summary.sha1Thumbprint]);
  });

  it('refuse a different certificate before any request byte is sent, naming both fingerprints', async () => {
    const s = await started(startByteCountingServer({ certificate: impostor }));
    const pin = pinOf(server);
    const err = await rejection(pinnedGet(s.origin, pin));
    expect(s.log.applicationBytes).toBe(0);
    const explained = await explainPinnedTlsFailure(err, s.origin, pin);
    expect(explained).toBeInstanceOf(CertificateMismatchError);
    expect((explained as CertificateMismatchError).expectedSha256).toBe(fingerprint256Of(server));
    expect((explained as CertificateMismatchError).presentedSha256).toBe(fingerprint256Of(impostor));
    expect((explained as Error).message).toMatch(/not the pinned one.*Nothing was sent/);
    expect((explained as Error).message).not.toContain('7C1E-90AB');
  });

  it('refuse a different certificate at an HTTPS server: no request reaches it', async () => {
    const s = await started(startHttpsServer({ certificate: impostor }));
    await rejection(pinnedGet(s.origin, pinOf(server)));
    expect(s.log.requests).toBe(0);
  });

  it('refuse a certificate merely issued by the pinned one, in the handshake itself', async () => {
    // Chain verification passes (the pinned certificate is its issuer); the fingerprint check does not.
    const s = await started(startByteCountingServer({ certificate: issuedServer }));
    const err = await rejection(pinnedGet(s.origin, pinOf(siteCa)));
    expect(s.log.applicationBytes).toBe(0);
    expect(err).toBeInstanceOf(CertificateMismatchError); // straight from checkServerIdentity, no probe needed
    const mismatch = await explainPinnedTlsFailure(err, s.origin, pinOf(siteCa));
    expect(mismatch).toBe(err);
    expect(mismatch).toBeInstanceOf(CertificateMismatchError);
    expect((mismatch as CertificateMismatchError).presentedSha256).toBe(fingerprint256Of(issuedServer));
  });

  it('accept a pinned certificate issued by a CA the desk does not hold', async () => {
    const s = await started(startHttpsServer({ certificate: issuedServer }));
    const probe = await probeServerCertificate(s.origin);
    expect(probe.summary.issuer).toBe('CN=Site CA');
    expect(await pinnedGet(s.origin, pinFromProbe(probe))).toBe('ok');
  });

  it('leave errors that are not about the certificate as they were', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(await explainPinnedTlsFailure(refused, 'https://127.0.0.1:9', pinOf(server))).toBe(refused);
    expect(new CertificateMismatchError('A', 'B')).toBeInstanceOf(VaultError);
  });
});
