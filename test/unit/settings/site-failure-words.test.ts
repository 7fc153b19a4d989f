import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/errors';
import { errorForFailure } from '../../../electron/core/api/errors';
import { siteFailureWords } from '../../../electron/core/site-check/site-failure-words';

const origin = 'https://acs.example:8904';
/** What undici/Node report, as errorForFailure turns them into DeskErrors first. */
const failure = (code: string, message = code) => errorForFailure(Object.assign(new Error(message), { code }), 'Discovery (/api)');

describe('siteFailureWords: why a site did not answer, for a person in Settings', () => {
  it('names a plain-HTTP port as such and says to check the port', () => {
    const words = siteFailureWords(failure('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number'), origin);
    expect(words.message).toBe(`The server at ${origin} answered in plain HTTP, not HTTPS: check the port (the REST interface uses HTTPS).`);
  });

  it('says what to do, with no library code, for a refused, dropped or unnamed connection', () => {
    for (const code of ['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET', 'ENOTFOUND']) {
      const words = siteFailureWords(failure(code), origin);
      expect(words.message).not.toContain(code);
      expect(words.message).not.toMatch(/UND_ERR|undici/);
      expect(words.message).toMatch(/check the/);
      expect(words.message).toContain(origin);
    }
  });

  it('says a 401 in words about this desk, without the request that met it', () => {
    const refused = new DeskError('unauthorised', "Discovery (/api): the server refused Gatehouse's credentials (401). Check the API key.");
    expect(siteFailureWords(refused, origin).message).toBe(
      `The server at ${origin} refused this desk's credentials (401): check the API key, and that this desk's client certificate thumbprint is the one on the server's REST client item. Test connection in Settings tells whether the way the key is sent is the cause.`,
    );
  });

  it('keeps a reason that already says what to do (a changed certificate)', () => {
    const changed = new DeskError('certificate', "The server's certificate is not the pinned one: … Nothing was sent. Confirm the new one in Settings.");
    expect(siteFailureWords(changed, origin)).toBe(changed);
  });
});
