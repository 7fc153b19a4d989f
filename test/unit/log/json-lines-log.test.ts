import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLinesLog, LOG_FILE_NAME, withoutSecrets } from '../../../electron/core/log';

const folder = () => mkdtempSync(join(tmpdir(), 'gatehouse-log-'));
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the JSON-lines log', () => {
  it('writes one JSON object per record, with time, level and event, and drops records below its level', () => {
    const dir = folder();
    const log = jsonLinesLog({ dir, level: 'info', now: () => Date.UTC(2026, 10, 23, 12) });
    log.debug('too.fine', { n: 1 });
    log.info('site.opened', { origin: 'https://acs.example:8904' });
    log.error('call.failed', { call: 'item.command', code: 'server-error' });
    expect(lines(join(dir, LOG_FILE_NAME))).toEqual([
      { time: '2026-11-23T12:00:00.000Z', level: 'info', event: 'site.opened', origin: 'https://acs.example:8904' },
      { time: '2026-11-23T12:00:00.000Z', level: 'error', event: 'call.failed', call: 'item.command', code: 'server-error' },
    ]);
    expect(statSync(join(dir, LOG_FILE_NAME)).mode & 0o077).toBe(0);
  });

  it('rotates by size and keeps only the newest rotations', () => {
    const dir = folder();
    const log = jsonLinesLog({ dir, level: 'debug', maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++) log.info('tick', { i, padding: 'x'.repeat(40) });
    expect(readdirSync(dir).sort()).toEqual(['gatehouse.1.log', 'gatehouse.2.log', LOG_FILE_NAME]);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(400);
    // Rotated files stay this user's alone, as the current one is.
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    // The newest record is in the current file, and the rotations hold the ones just before it, in order.
    const current = lines(join(dir, LOG_FILE_NAME)).map((r) => r.i);
    const previous = lines(join(dir, 'gatehouse.1.log')).map((r) => r.i);
    expect(current.at(-1)).toBe(39);
    expect(previous.at(-1)).toBe((current[0] as number) - 1);
  });

  it('never writes a secret, even one a caller passed by mistake', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----';
    const clean = withoutSecrets({
      apiKey: 'abc123',
      pin: '123456',
      nested: { password: 'pw', note: `failed with ${pem} inside` },
      header: 'Authorization: GGL-API-KEY 0123456789ABCDEF',
      error: new Error(`key was ${pem}`),
      count: 3,
    });
    const text = JSON.stringify(clean);
    for (const secret of ['abc123', '123456', 'pw"', 'MIIEvQIBADANBg', '0123456789ABCDEF']) expect(text).not.toContain(secret);
    expect(clean.count).toBe(3);
    expect(clean.apiKey).toBe('[withheld]');
  });
});
