import { describe, expect, it } from 'vitest';
import { authenticationMessage, errorForStatus } from '../../../electron/core/api/errors';
import { bothRefused, formRefused, otherForm } from '../../../electron/core/site-check/refused-form';
import { sessionFailureWords } from '../../../electron/core/site-check/site-failure-words';

const origin = 'https://acs.site.test:8904';

describe('the one other form Test connection tries after a 401', () => {
  it('tries GGL-API-KEY (every real server takes it) after any other word or Basic, and Basic after GGL-API-KEY', () => {
    expect(otherForm({ kind: 'scheme', scheme: 'SERVICE-API-KEY' })).toEqual({ kind: 'scheme', scheme: 'GGL-API-KEY' });
    expect(otherForm({ kind: 'scheme', scheme: 'ggl-api-key' })).toEqual({ kind: 'scheme', scheme: 'GGL-API-KEY' });
    expect(otherForm({ kind: 'basic' })).toEqual({ kind: 'scheme', scheme: 'GGL-API-KEY' });
    expect(otherForm({ kind: 'scheme', scheme: 'GGL-API-KEY' })).toEqual({ kind: 'basic' });
  });

  it('says Basic was refused for the version only where the version explains it', () => {
    expect(formRefused({ kind: 'basic' }, { kind: 'scheme', scheme: 'GGL-API-KEY' }, '8.90', origin).message).toContain(
      '(version 8.90) refused the key sent as Basic (401) (servers before 9.0 do not take Basic), but accepts it after the scheme word GGL-API-KEY',
    );
    const gateway = formRefused({ kind: 'basic' }, { kind: 'scheme', scheme: 'GGL-API-KEY' }, '9.40', origin).message;
    expect(gateway).toContain('(version 9.40) refused the key sent as Basic (401), but accepts it');
    expect(gateway).not.toContain('before 9.0');
  });

  it('names the refused and the accepted form by the words a person chose', () => {
    const words = [
      formRefused({ kind: 'scheme', scheme: 'X' }, { kind: 'basic' }, '9.40', origin).message,
      bothRefused({ kind: 'scheme', scheme: 'X' }, { kind: 'scheme', scheme: 'GGL-API-KEY' }, origin).message,
    ];
    expect(words[0]).toContain('refused the scheme word X (401), but accepts the same key sent as Basic');
    expect(words[1]).toContain('sent after X and after GGL-API-KEY alike');
  });
});

describe("a 401 that says why (X-Authentication-Message)", () => {
  it("keeps the server's words, as one bounded line of plain text, on the connection bar too", () => {
    const refused = errorForStatus(401, '{"message":"Authentication failed"}', 'Door status', { 'x-authentication-message': 'The REST client item Desk is disabled' });
    expect(refused).toMatchObject({ code: 'unauthorised', serverSays: 'The REST client item Desk is disabled' });
    expect(sessionFailureWords(refused, origin).message).toBe(
      `The server at ${origin} refused this desk's credentials (401) and says why: "The REST client item Desk is disabled". ` +
        "Ask whoever looks after the access-control server about this desk's REST client item.",
    );
    expect(authenticationMessage(['line one\r\nline\ttwo', 'second header'])).toBe('line one line two');
    expect(authenticationMessage('x'.repeat(400))).toHaveLength(301);
    expect(authenticationMessage('  ')).toBeUndefined();
    expect(errorForStatus(401, '', 'Door status')).toMatchObject({ serverSays: undefined });
  });
});
