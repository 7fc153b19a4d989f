import { createServer, type Server } from 'node:https';
import { generateServerCertificate, generateClientCertificate } from '../../../electron/simulator/certificates';
import { Transport, type TransportOptions } from '../../../electron/core/api/transport';

export interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as the body instead of `body` as JSON (hostile answers: huge, not JSON, deeply nested). */
  raw?: string | Buffer;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * A tiny HTTPS server answering from a script, for failures the simulator cannot yet be asked for
 * (a 503 then a 200, a 201 without location). It records every request, so tests can count retries.
 */
export async function startFaultServer(script: (req: RecordedRequest, index: number) => Scripted, limits?: TransportOptions['limits']) {
  const server = generateServerCertificate('fault server');
  const client = generateClientCertificate('fault client');
  const requests: RecordedRequest[] = [];
  const https: Server = createServer({ cert: server.certPem, key: server.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const answer = script(recorded, requests.length - 1);
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      // A client that stops reading a huge answer closes the connection: not this server's failure.
      res.on('error', () => undefined);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  const address = https.address();
  const url = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const transport = new Transport({
    baseUrl: url,
    apiKey: 'KEY',
    auth: { kind: 'scheme', scheme: 'GGL-API-KEY' },
    tls: { cert: client.certPem, key: client.keyPem, connect: { ca: server.certPem } },
    getRetry: { attempts: 3, baseMs: 5, maxMs: 10 },
    ...(limits ? { limits } : {}),
  });
  return {
    url,
    transport,
    requests,
    async stop() {
      await transport.close();
      https.closeAllConnections();
      await new Promise<void>((resolve) => https.close(() => resolve()));
    },
  };
}
