import type { ErrorCode } from '../errors';

/**
 * What a failure below HTTP means, in words a guard understands, by the code Node, undici or OpenSSL
 * gives it. The code itself never reaches an operator (issue 34: "UND_ERR_SOCKET" on the bar); each
 * phrase completes "<what failed>: …". A code not listed gets its family's words (below).
 */
const BY_CODE: Record<string, { code: ErrorCode; words: string }> = {
  ECONNREFUSED: { code: 'network', words: 'the server refused the connection' },
  ENOTFOUND: { code: 'network', words: "the server's name could not be found" },
  EAI_AGAIN: { code: 'network', words: "the server's name could not be found" },
  ECONNRESET: { code: 'network', words: 'the server broke off the connection' },
  EPIPE: { code: 'network', words: 'the server broke off the connection' },
  ECONNABORTED: { code: 'network', words: 'the server broke off the connection' },
  UND_ERR_SOCKET: { code: 'network', words: 'the server broke off the connection' },
  UND_ERR_CLOSED: { code: 'network', words: 'the connection to the server was closed' },
  UND_ERR_DESTROYED: { code: 'network', words: 'the connection to the server was closed' },
  EHOSTUNREACH: { code: 'network', words: "the server's network cannot be reached from this computer" },
  ENETUNREACH: { code: 'network', words: "the server's network cannot be reached from this computer" },
  ENETDOWN: { code: 'network', words: "this computer's network is down" },
  EHOSTDOWN: { code: 'network', words: 'the server is not on the network' },
  ETIMEDOUT: { code: 'timeout', words: 'the server did not answer in time' },
  UND_ERR_CONNECT_TIMEOUT: { code: 'timeout', words: 'the server did not answer in time' },
  UND_ERR_HEADERS_TIMEOUT: { code: 'timeout', words: 'the server did not answer in time' },
  UND_ERR_BODY_TIMEOUT: { code: 'timeout', words: 'the server did not answer in time' },
  UND_ERR_ABORTED: { code: 'network', words: 'the request was given up' },
  ABORT_ERR: { code: 'network', words: 'the request was given up' },
  UND_ERR_HEADERS_OVERFLOW: { code: 'invalid-response', words: "the server's answer could not be read (its headers are too long)" },
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: { code: 'network', words: "the server's answer was cut short" },
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: { code: 'network', words: 'the request could not be sent whole' },
  UND_ERR_RES_EXCEEDED_MAX_SIZE: { code: 'invalid-response', words: "the server's answer is too large" },
  UND_ERR_INFO: { code: 'invalid-response', words: "the server's answer could not be read" },
  HPE_INVALID_CONSTANT: { code: 'invalid-response', words: "the server's answer is not HTTP" },
  // TLS: what the server's certificate is, never OpenSSL's name for it.
  CERT_HAS_EXPIRED: { code: 'certificate', words: "the server's certificate has expired" },
  CERT_NOT_YET_VALID: { code: 'certificate', words: "the server's certificate is not valid yet (check this computer's clock)" },
  ERR_TLS_CERT_ALTNAME_INVALID: { code: 'certificate', words: "the server's certificate is for another name" },
  DEPTH_ZERO_SELF_SIGNED_CERT: { code: 'certificate', words: "the server's certificate is not one this desk trusts" },
  SELF_SIGNED_CERT_IN_CHAIN: { code: 'certificate', words: "the server's certificate is not one this desk trusts" },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { code: 'certificate', words: "the server's certificate is not one this desk trusts" },
  UNABLE_TO_GET_ISSUER_CERT: { code: 'certificate', words: "the server's certificate is not one this desk trusts" },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { code: 'certificate', words: "the server's certificate is not one this desk trusts" },
  ERR_SSL_WRONG_VERSION_NUMBER: { code: 'certificate', words: 'the server did not answer in HTTPS (plain HTTP on this port?)' },
};

/** Families: where a code is new to this table, what kind of failure it still is. */
const TLS_CODES = /^(ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_SSL_|ERR_OSSL_)/;
const TIMEOUT_CODES = /TIMEOUT|TIMEDOUT/;

/** The kind and words for a failure with this library code ('' when it had none). */
export function wordsForCode(code: string): { code: ErrorCode; words: string } {
  const known = BY_CODE[code];
  if (known) return known;
  if (TLS_CODES.test(code)) return { code: 'certificate', words: "the server's certificate was refused" };
  if (TIMEOUT_CODES.test(code)) return { code: 'timeout', words: 'the server did not answer in time' };
  if (code.startsWith('HPE_')) return { code: 'invalid-response', words: "the server's answer could not be read" };
  return { code: 'network', words: 'the connection to the server failed' };
}

/** Every code this table words itself (the test walks them, and undici's own). */
export const WORDED_CODES: readonly string[] = Object.keys(BY_CODE);
