import { connect } from 'node:http2';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, startWithClient, TestClient } from './support';

// Spec: What the service does (1) — HTTPS/JSON; architecture: HTTP/1.1 and HTTP/2 on one port.
describe('transport', () => {
  const server = simulatorForTheseTests();

  it('serves JSON over HTTPS with a server certificate for 127.0.0.1 and localhost', async () => {
    const reply = await server.client.get('/api');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const cert = new X509Certificate(server.sim.serverCertPem);
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.fingerprint256).toBe(server.sim.serverFingerprint256);
    expect(server.sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('hands out a client certificate whose SHA-1 thumbprint it reports', () => {
    const cert = new X509Certificate(server.sim.clientCertPem);
    expect(cert.fingerprint.replace(/:/g, '')).toBe(server.sim.clientThumbprint);
    expect(server.sim.clientThumbprint).toMatch(/^[0-9A-F]{40}$/);
    expect(server.sim.apiKey).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){7}$/);
  });

  it('speaks HTTP/2 on the same port when ALPN offers it', async () => {
    const session = connect(server.sim.url, { ca: server.sim.serverCertPem, cert: server.sim.clientCertPem, key: server.sim.clientKeyPem });
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/api', authorization: `${server.sim.authScheme} ${server.sim.apiKey}` });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(status).toBe(200);
      expect(JSON.parse(body).version).toBe('9.40');
    } finally {
      session.close();
    }
  });

  it('undici with allowH2 and plain HTTP/1.1 clients both get answers', async () => {
    const h2 = new TestClient(server.sim, { allowH2: true });
    try {
      expect((await h2.get('/api')).status).toBe(200);
      expect((await server.client.get('/api')).status).toBe(200);
    } finally {
      await h2.close();
    }
  });

  it('stop() ends held long-polls promptly and closes the port', async () => {
    const { sim: other, client: otherClient } = await startWithClient({ updatesTimeoutMs: 60_000 });
    const href = `${other.url}/api/doors/d-lobby-main/updates`;
    const first = await otherClient.get(href);
    const second = await otherClient.get(first.json.next.href);
    const held = otherClient.get(second.json.next.href).then(
      (r) => r.status,
      () => 'closed',
    );
    await new Promise((r) => setTimeout(r, 100));
    await other.stop();
    expect([200, 'closed']).toContain(await held);
    await expect(otherClient.get('/api')).rejects.toThrow();
    await otherClient.close();
  });
});
