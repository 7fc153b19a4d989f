import { describe, expect, it } from 'vitest';
import { errors } from 'undici';
import { errorForFailure } from '../../../electron/core/api/errors';
import { WORDED_CODES } from '../../../electron/core/api/failure-words';
import { sessionFailureWords, siteFailureWords } from '../../../electron/core/site-check/site-failure-words';

/** A library's code or its own wording in an operator's message (the renderer shows DeskError messages as they come). */
const LIBRARY = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]*|ERR_[A-Z_]+|CERT_[A-Z_]+|[A-Z]+_SELF_SIGNED_[A-Z_]+|UNABLE_TO_[A-Z_]+|HPE_[A-Z_]+|ABORT_ERR)\b|undici|other side closed|socket hang up/;
const origin = 'https://acs.example:8904';

/** Node's and OpenSSL's codes the desk can meet below HTTP (undici's are walked from its own error classes). */
const NODE_CODES = [
  'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN',
  'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EPROTO', 'ERR_SOCKET_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_GOAWAY_SESSION', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_TLS_HANDSHAKE_TIMEOUT', 'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_OSSL_EVP_BAD_DECRYPT', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'HPE_INVALID_CONSTANT', 'HPE_INVALID_CHUNK_SIZE', 'ABORT_ERR',
];

/** Every error class undici exports, made as undici makes it (its code set by its constructor). */
function undiciFailures(): Array<[string, Error]> {
  const out: Array<[string, Error]> = [];
  for (const [name, Class] of Object.entries(errors)) {
    if (typeof Class !== 'function') continue;
    let made: Error;
    try {
      made = new (Class as new (message?: string) => Error)(`${name} raised inside undici: other side closed`);
    } catch {
      continue;
    }
    out.push([name, made]);
  }
  return out;
}

function withCode(code: string, cause = false): Error {
  const err = new Error(`connect ${code} 10.1.2.3:8904 - undici socket hang up`);
  return cause ? Object.assign(new TypeError('fetch failed'), { cause: Object.assign(err, { code }) }) : Object.assign(err, { code });
}

describe('no library error code reaches an operator', () => {
  const failures: Array<[string, Error]> = [
    ...undiciFailures(),
    ...NODE_CODES.map((c): [string, Error] => [c, withCode(c)]),
    ...NODE_CODES.map((c): [string, Error] => [`${c} (as a cause)`, withCode(c, true)]),
    ...WORDED_CODES.map((c): [string, Error] => [`${c} (worded)`, withCode(c)]),
  ];

  it('walks every undici error class (so a new one in an upgrade is walked too)', () => {
    const codes = undiciFailures().map(([, e]) => (e as { code?: string }).code);
    expect(codes).toEqual(expect.arrayContaining(['UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CLOSED', 'UND_ERR_ABORTED']));
  });

  it.each(failures)('%s: the transport\'s words, the bar\'s and Settings\' name no code and quote no library', (_name, err) => {
    const error = errorForFailure(err, 'Status of Front door');
    expect(error.message).toMatch(/^Status of Front door: [a-z]/);
    expect(error.message).not.toMatch(LIBRARY);
    expect(sessionFailureWords(error, origin).message).not.toMatch(LIBRARY);
    expect(siteFailureWords(error, origin).message).not.toMatch(LIBRARY);
  });

  it('says what happened, in words, for the ones a guard meets', () => {
    const said = (code: string) => errorForFailure(withCode(code), 'Open on Dock').message;
    expect(said('UND_ERR_SOCKET')).toBe('Open on Dock: the server broke off the connection');
    expect(said('ECONNRESET')).toBe('Open on Dock: the server broke off the connection');
    expect(said('ECONNREFUSED')).toBe('Open on Dock: the server refused the connection');
    expect(said('EHOSTUNREACH')).toBe("Open on Dock: the server's network cannot be reached from this computer");
    expect(said('CERT_HAS_EXPIRED')).toBe("Open on Dock: the server's certificate has expired");
    expect(errorForFailure(withCode('ETIMEDOUT'), 'x').code).toBe('timeout');
    expect(errorForFailure(withCode('ERR_TLS_CERT_ALTNAME_INVALID'), 'x').code).toBe('certificate');
    // Plain HTTP on the HTTPS port is still recognised in Settings' words.
    expect(siteFailureWords(errorForFailure(withCode('ERR_SSL_WRONG_VERSION_NUMBER'), 'x'), origin).message).toMatch(/plain HTTP, not HTTPS/);
  });
});
