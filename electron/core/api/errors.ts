import { errors as undiciErrors } from 'undici';
import { DeskError } from '../../../shared/errors';
import { wordsForCode } from './failure-words';

/** Longest server reason text carried into an operator-facing message. */
const MAX_REASON = 300;

/** The server's reason text from an error body (format not fixed: docs/server-interface.md §Errors): `message` if JSON, else the text. */
export function reasonFrom(body: string): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      text = parsed.message;
    }
  } catch {
    // Not JSON: the body itself is the reason.
  }
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}

/**
 * A 401. `serverSays` is the reason when the server gave one in the answer (`X-Authentication-Message`,
 * a disabled REST client item from 8.90: docs/server-interface.md §Authentication); usually it keeps
 * the reason for its own event log and this is undefined.
 */
export class CredentialsRefused extends DeskError {
  constructor(
    message: string,
    readonly serverSays: string | undefined,
  ) {
    super('unauthorised', message);
  }
}

/** The server's own words on a 401, as one line of plain text of bounded length; undefined when it gave none. */
export function authenticationMessage(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.replace(/\p{Cc}+/gu, ' ').trim();
  if (!value) return undefined;
  return value.length > MAX_REASON ? `${value.slice(0, MAX_REASON)}…` : value;
}

/** Maps a non-success HTTP answer to an error an operator can act on (docs/server-interface.md §Errors). */
export function errorForStatus(status: number, body: string, what: string, headers: Record<string, string | string[] | undefined> = {}): DeskError {
  const reason = reasonFrom(body);
  const withReason = (s: string) => (reason ? `${s}: ${reason}` : s);
  if (status === 401) {
    const serverSays = authenticationMessage(headers['x-authentication-message']);
    if (serverSays) return new CredentialsRefused(`${what}: the server refused Gatehouse's credentials (401) and says: "${serverSays}"`, serverSays);
    return new CredentialsRefused(
      `${what}: the server refused Gatehouse's credentials (401). Check the API key, and that this ` +
        `desk's client certificate thumbprint is the one on the server's REST client item.`,
      undefined,
    );
  }
  if (status === 403) {
    // A licence refusal's body (docs/server-interface.md §Errors) describes the licence; privilege refusals do not.
    if (/licen[cs]/i.test(reason)) return new DeskError('licence', withReason(`${what}: the site is not licensed`));
    return new DeskError('forbidden', withReason(`${what}: this operator lacks the privilege`));
  }
  if (status === 404) return new DeskError('not-found', `${what}: not found, or not visible to this operator (404)`);
  if (status === 400) return new DeskError('bad-request', withReason(`${what}: the server could not accept the request (400)`));
  if (status >= 500) return new DeskError('server-error', withReason(`${what}: the server failed (${status})`));
  return new DeskError('invalid-response', withReason(`${what}: unexpected answer ${status}`));
}

/**
 * Maps a failure below HTTP (socket, TLS, timeout) to a DeskError in words (failure-words.ts); passes
 * DeskErrors through. Never carries the library's code or message: "UND_ERR_SOCKET" tells a guard
 * nothing. The code is kept as the error's cause for the log.
 */
export function errorForFailure(err: unknown, what: string): DeskError {
  if (err instanceof DeskError) return err;
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | undefined;
  const code = [e?.code, e?.cause?.code].find((c): c is string => typeof c === 'string') ?? '';
  if (
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    err instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new DeskError('timeout', `${what}: the server did not answer in time`);
  }
  const failure = wordsForCode(code || (e?.name === 'AbortError' ? 'ABORT_ERR' : ''));
  return new DeskError(failure.code, `${what}: ${failure.words}`);
}

export { failureKind, isFinal, isTransient } from './failure-policy';
