import { describe, expect, it, vi } from 'vitest';
import type { DeskService } from '../../../shared/contract';
import { DeskError } from '../../../shared/errors';
import { dispatchCall } from '../../../electron/core/dispatch';
import { levelledLogger, type LogFields } from '../../../electron/core/log/logger';

function service(handle: DeskService['handle']): DeskService {
  return { handle, on: () => () => undefined };
}

describe('dispatchCall: the renderer is untrusted', () => {
  it('refuses an unknown call name without running anything', async () => {
    const handle = vi.fn();
    expect(await dispatchCall(service(handle), 'vault.export', {})).toEqual({
      ok: false,
      error: { code: 'invalid-call', message: 'Unknown call: vault.export' },
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses params that do not fit the schema, naming the field in the log and not to the guard', async () => {
    const handle = vi.fn();
    const records: LogFields[] = [];
    const log = levelledLogger('debug', (r) => records.push(r));
    const reply = await dispatchCall(service(handle), 'item.command', { href: 'https://s/d/1', command: 'open', zoneCount: 1.5 }, log);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-call', message: expect.stringMatching(/^Gatehouse’s screen sent something/) } });
    expect(!reply.ok && reply.error.message).not.toMatch(/zoneCount|item\.command|Invalid/);
    expect(records[0]).toMatchObject({ event: 'call.refused', call: 'item.command', field: 'zoneCount' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('gives the schema’s own sentence about what was typed, without the call or field names', async () => {
    const reply = await dispatchCall(service(vi.fn()), 'signInTrust.revoke', { cardId: 'not hex!' });
    expect(!reply.ok && reply.error.message).toMatch(/^The card id is .*hexadecimal digits.*\.$/);
    expect(!reply.ok && reply.error.message).not.toMatch(/signInTrust|cardId/);
  });

  it('refuses extra params (strict schemas)', async () => {
    const reply = await dispatchCall(service(vi.fn()), 'item.command', { href: 'h', command: 'open', url: 'https://evil' });
    expect(reply.ok).toBe(false);
  });

  it('passes valid calls through and returns the value', async () => {
    const handle = vi.fn(async () => ({ accepted: true as const })) as unknown as DeskService['handle'];
    expect(await dispatchCall(service(handle), 'item.command', { href: 'h', command: 'open' })).toEqual({
      ok: true,
      value: { accepted: true },
    });
    expect(handle).toHaveBeenCalledWith('item.command', { href: 'h', command: 'open' });
  });

  it('returns a DeskError as code and message, and hides anything else', async () => {
    const refused = await dispatchCall(service(async () => Promise.reject(new DeskError('offline', 'Not connected'))), 'board.get', {});
    expect(refused).toEqual({ ok: false, error: { code: 'offline', message: 'Not connected' } });
    const crashed = await dispatchCall(service(async () => Promise.reject(new Error('secret key 1234 leaked'))), 'board.get', {});
    expect(!crashed.ok && crashed.error.message).not.toContain('1234');
  });

  it('logs every internal error with the call and a reference the operator sees, and no secret', async () => {
    const records: LogFields[] = [];
    const log = levelledLogger('debug', (r) => records.push(r));
    const crashed = await dispatchCall(service(async () => Promise.reject(new Error('secret key 1234 leaked'))), 'board.get', {}, log);
    expect(crashed.ok).toBe(false);
    const message = !crashed.ok ? crashed.error.message : '';
    expect(message).toContain('board.get');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: 'error', event: 'call.failed', call: 'board.get', errorName: 'Error' });
    expect(message).toContain(String(records[0]!.reference));
    expect(JSON.stringify(records)).not.toContain('1234');
  });

  it('logs a programming fault with the engine\'s own words, so it can be found', async () => {
    const records: LogFields[] = [];
    const log = levelledLogger('debug', (r) => records.push(r));
    const fault = async () => (undefined as unknown as { href: string }).href;
    await dispatchCall(service(fault as never), 'item.command', { href: 'h', command: 'open' }, log);
    expect(records[0]).toMatchObject({ call: 'item.command', errorName: 'TypeError' });
    expect(String(records[0]!.errorMessage)).toContain('href');
  });
});
