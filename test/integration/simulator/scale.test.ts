import { connect, type ClientHttp2Session } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { startSimulator } from '../../../electron/simulator/index';
import { generateSite } from '../../../electron/simulator/site/generate';

// Issue 3, point 10: a generated site of 10,000 doors, and 10,000 concurrent updates long-polls held
// over HTTP/2 (bounded: one poll per door, ten sessions).
const DOORS = 10_000;
const SESSIONS = 10;

describe('scale', () => {
  let sim: RunningSimulator;
  const sessions: ClientHttp2Session[] = [];
  beforeAll(async () => {
    sim = await startSimulator({ site: generateSite({ doors: DOORS }), updatesTimeoutMs: 120_000, statusFetchMs: 0 });
    for (let i = 0; i < SESSIONS; i++) {
      sessions.push(connect(sim.url, { ca: sim.serverCertPem, cert: sim.clientCertPem, key: sim.clientKeyPem }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await sim?.stop();
  });

  const get = (session: ClientHttp2Session, href: string) =>
    new Promise<{ status: number; json: { updates: Record<string, unknown>; next: { href: string } } }>((resolve, reject) => {
      const url = new URL(href, sim.url);
      const stream = session.request({ ':path': url.pathname + url.search, authorization: `${sim.authScheme} ${sim.apiKey}` });
      let status = 0;
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (h) => (status = Number(h[':status'])));
      stream.on('data', (c: string) => (body += c));
      stream.on('error', reject);
      stream.on('close', () => {
        try {
          resolve({ status, json: JSON.parse(body) });
        } catch {
          reject(new Error(`Stream closed with status ${status}, code ${stream.rstCode}, body ${body.slice(0, 80)}`));
        }
      });
    });

  it('generates a division tree and every door', () => {
    const site = generateSite({ doors: DOORS });
    expect(site.doors).toHaveLength(DOORS);
    const parents = new Set(site.divisions.map((d) => d.parent).filter(Boolean));
    expect(parents.size).toBeGreaterThan(1);
  });

  it('holds 10,000 concurrent long-polls, wakes only the changed one, and ends the rest on stop', async () => {
    const ids = Array.from({ length: DOORS }, (_, i) => `d-${i}`);
    const nexts = new Map<string, string>();
    for (let start = 0; start < ids.length; start += 1000) {
      const batch = ids.slice(start, start + 1000);
      // First call (controllerUnknown), then the call that brings the status; the third is held.
      const firsts = await Promise.all(batch.map((id, i) => get(sessions[i % SESSIONS]!, `/api/doors/${id}/updates`)));
      const seconds = await Promise.all(batch.map((_id, i) => get(sessions[i % SESSIONS]!, firsts[i]!.json.next.href)));
      batch.forEach((id, i) => nexts.set(id, seconds[i]!.json.next.href));
    }
    let settled = 0;
    const held = ids.map((id, i) =>
      get(sessions[i % SESSIONS]!, nexts.get(id)!).then(
        (r) => {
          settled++;
          return { id, r };
        },
        () => {
          settled++;
          return { id, r: undefined };
        },
      ),
    );
    // Let every request reach the server before changing one door.
    await new Promise((r) => setTimeout(r, 2_000));
    sim.control.patchItem('doors', 'd-1234', { open: true });
    const { r } = await held[1234]!;
    expect(r?.json.updates.statusFlags).toContain('open');
    expect(settled).toBe(1);
    await sim.stop();
    const all = await Promise.all(held);
    expect(all).toHaveLength(DOORS);
    expect(settled).toBe(DOORS);
  }, 120_000);
});
