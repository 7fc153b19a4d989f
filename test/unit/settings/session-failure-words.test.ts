import { describe, expect, it } from 'vitest';
import { errorForFailure, errorForStatus } from '../../../electron/core/api/errors';
import { sessionFailureWords, siteFailureWords } from '../../../electron/core/site-check/site-failure-words';
import { DeskError } from '../../../shared/errors';

const origin = 'https://acs.example:8904';
/** What undici/Node report while the desk runs, as errorForFailure turns them into DeskErrors first. */
const failure = (code: string, message = code) => errorForFailure(Object.assign(new Error(message), { code }), 'Connection');
const LIBRARY_WORDS = /UND_ERR|undici|ECONN|ENOTFOUND|EAI_AGAIN|ERR_TLS|ERR_SSL|CERT_/;

describe('sessionFailureWords: the connection bar\'s and stale tiles\' reasons, in Setup\'s words', () => {
  it('says what to do, with no library code, for every dropped, refused or unnamed connection', () => {
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'EPIPE', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      const error = failure(code);
      const words = sessionFailureWords(error, origin);
      expect(words.message, code).not.toMatch(LIBRARY_WORDS);
      expect(words.message, code).toContain(origin);
      expect(words.message, code).toMatch(/: check the/);
      // The same words as Setup's "Test connection", and the code the failure policy decides on.
      expect(words.message).toBe(siteFailureWords(error, origin).message);
      expect(words.code).toBe('network');
    }
  });

  it('words a refused connection and an unknown name as what they are', () => {
    expect(sessionFailureWords(failure('ECONNREFUSED'), origin).message).toBe(
      `Nothing is listening at ${origin}: check the port, and that the access-control server is running.`,
    );
    expect(sessionFailureWords(failure('ENOTFOUND'), origin).message).toMatch(/could not be found: check the server address/);
  });

  it('words a server that does not answer in time', () => {
    const words = sessionFailureWords(new DeskError('timeout', 'The server did not answer within 5 s'), origin);
    expect(words).toMatchObject({ code: 'timeout', message: `The server at ${origin} did not answer in time: check the address and port, and that this computer can reach it.` });
  });

  it('words a refused key as this desk\'s credentials, and keeps it final', () => {
    const words = sessionFailureWords(errorForStatus(401, '', 'Door status'), origin);
    expect(words.code).toBe('unauthorised');
    expect(words.message).toMatch(/^The server at .* refused this desk's credentials \(401\): check the API key/);
  });

  it('words a certificate refused with a TLS code without the code, and keeps a reason that already says what to do', () => {
    const refused = sessionFailureWords(failure('ERR_TLS_CERT_ALTNAME_INVALID', 'altname'), origin);
    expect(refused.code).toBe('certificate');
    expect(refused.message).not.toMatch(LIBRARY_WORDS);
    expect(refused.message).toMatch(/does not accept: .*check it in Settings\.$/);
    const plainHttp = sessionFailureWords(failure('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), origin);
    expect(plainHttp.message).toMatch(/plain HTTP, not HTTPS: check the port/);
    const changed = new DeskError('certificate', "The server's certificate is not the pinned one: … Confirm the new one in Settings.");
    expect(sessionFailureWords(changed, origin)).toBe(changed);
  });

  it('words a failing server with its status and what to do', () => {
    const words = sessionFailureWords(errorForStatus(503, 'Service Unavailable', 'Connection'), origin);
    expect(words).toMatchObject({ code: 'server-error', message: `The server at ${origin} failed (503): Gatehouse keeps trying; if it goes on, tell whoever looks after the access-control server.` });
  });

  it('keeps the server\'s own words for a refusal about one item (privilege, licence, an item gone)', () => {
    for (const error of [errorForStatus(403, 'Operator lacks privilege', 'Door status'), errorForStatus(403, 'Not licensed for RESTStatus', 'Door status'), errorForStatus(404, '', 'Door status')]) {
      expect(sessionFailureWords(error, origin)).toBe(error);
    }
  });
});
