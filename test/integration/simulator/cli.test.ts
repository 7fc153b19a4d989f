import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 3, point 12: `npm run simulator -- …` runs it alone and prints what a client needs.
describe('simulator CLI', () => {
  let child: ChildProcess;
  const printed: Record<string, string> = {};
  beforeAll(async () => {
    const root = new URL('../../../', import.meta.url).pathname;
    child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', '--doors', '40', '--version', '9.00'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Control API:')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
    });
    for (const line of out.split('\n')) {
      const m = /^\s+([A-Za-z0-9 -]+):\s+(\S+)/.exec(line);
      if (m) printed[m[1]!.trim()] = m[2]!;
    }
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints the URL, key, certificate paths and thumbprint; the key file is private', () => {
    expect(printed.URL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(printed['API key']).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){7}$/);
    const cert = new X509Certificate(readFileSync(printed['Client certificate']!));
    expect(cert.fingerprint.replace(/:/g, '')).toBe(printed['Client thumbprint']);
    expect(statSync(printed['Client key']!).mode & 0o777).toBe(0o600);
  });

  it('serves the generated site at the chosen version to a client using the printed files', async () => {
    const agent = new Agent({
      connect: {
        cert: readFileSync(printed['Client certificate']!),
        key: readFileSync(printed['Client key']!),
        ca: readFileSync(printed['Server certificate']!),
      },
    });
    const headers = { authorization: `GGL-API-KEY ${printed['API key']}` };
    const api = await request(`${printed.URL}/api`, { dispatcher: agent, headers });
    expect(((await api.body.json()) as { version: string }).version).toBe('9.00');
    const doors = await request(`${printed.URL}/api/doors?top=1000`, { dispatcher: agent, headers });
    expect(((await doors.body.json()) as { results: unknown[] }).results).toHaveLength(40);
    await agent.close();
  });

  it('refuses bad arguments with the usage', async () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const bad = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', '--doors', 'many'], { cwd: root });
    let err = '';
    bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(/--doors needs a whole number/);
    expect(err).toMatch(/Usage: npm run simulator/);
  });
});
