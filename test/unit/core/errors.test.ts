import { describe, expect, it } from 'vitest';
import { errors } from 'undici';
import { errorForFailure, errorForStatus, reasonFrom } from '../../../electron/core/api/errors';

describe('errorForStatus: the spec\'s Errors table in words an operator can act on', () => {
  it.each([
    [401, '', 'unauthorised'],
    [403, 'The site is not licensed for RESTOverrides', 'licence'],
    [403, 'Operator lacks Override privilege', 'forbidden'],
    [404, '', 'not-found'],
    [400, '{"message":"endTime is in the past"}', 'bad-request'],
    [503, 'busy', 'server-error'],
    [418, '', 'invalid-response'],
  ])('%i %s → %s', (status, body, code) => {
    expect(errorForStatus(status, body, 'Open Front door').code).toBe(code);
  });

  it('carries the server reason text for licence refusals and bad requests', () => {
    expect(errorForStatus(403, 'Not licensed: RESTOverrides', 'x').message).toContain('Not licensed: RESTOverrides');
    expect(errorForStatus(400, '{"message":"endTime is in the past"}', 'x').message).toContain('endTime is in the past');
  });

  it('cuts long server bodies short', () => {
    expect(reasonFrom('x'.repeat(1000)).length).toBeLessThan(310);
  });
});

describe('errorForFailure: below HTTP', () => {
  it('names timeouts', () => {
    expect(errorForFailure(new errors.HeadersTimeoutError(), 'Door search').code).toBe('timeout');
  });

  it('names certificate refusals', () => {
    const err = Object.assign(new Error('self-signed'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(errorForFailure(err, 'Discovery').code).toBe('certificate');
  });

  it('names refused and failed connections as network', () => {
    expect(errorForFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'D').message).toMatch(/refused the connection/);
    expect(errorForFailure(Object.assign(new Error('x'), { cause: { code: 'ECONNRESET' } }), 'D').code).toBe('network');
  });
});
