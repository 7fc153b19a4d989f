import { DeskError } from '../../../shared/errors';
import { CredentialsRefused } from '../api/errors';

/** OpenSSL's words for a TLS handshake that met something other than TLS: typically plain HTTP. */
const NOT_TLS = /WRONG_VERSION_NUMBER|wrong version number|packet length too long|http request|ssl3_get_record|record layer failure|did not answer in HTTPS/i;

/**
 * The reason a site did not answer, for a person in Settings: what was wrong and what to do, without
 * library codes or the name of the request that failed. Messages that already say both (a changed
 * certificate, a licence refusal with the server's words) pass through unchanged.
 */
export function siteFailureWords(error: DeskError, origin: string): DeskError {
  const words = (text: string) => new DeskError(error.code, text);
  switch (error.code) {
    case 'timeout':
      return words(`The server at ${origin} did not answer in time: check the address and port, and that this computer can reach it.`);
    case 'network':
      if (/refused the connection/.test(error.message)) {
        return words(`Nothing is listening at ${origin}: check the port, and that the access-control server is running.`);
      }
      if (/name could not be found/.test(error.message)) {
        return words(`The name in ${origin} could not be found: check the server address for typing mistakes.`);
      }
      return words(
        `The connection to ${origin} broke off before the server answered: check the address and port, and that the server is running.`,
      );
    case 'certificate':
      if (NOT_TLS.test(error.message)) {
        return words(`The server at ${origin} answered in plain HTTP, not HTTPS: check the port (the REST interface uses HTTPS).`);
      }
      return error;
    case 'unauthorised':
      if (error instanceof CredentialsRefused && error.serverSays) {
        return words(
          `The server at ${origin} refused this desk's credentials (401) and says why: "${error.serverSays}". ` +
            "Ask whoever looks after the access-control server about this desk's REST client item.",
        );
      }
      return words(
        `The server at ${origin} refused this desk's credentials (401): check the API key, and that this desk's ` +
          "client certificate thumbprint is the one on the server's REST client item. Test connection in Settings " +
          'tells whether the way the key is sent is the cause.',
      );
    case 'not-found':
      return words(`${origin} answered, but not as an access-control server's REST interface (404): check the address and port.`);
    case 'invalid-response':
      return words(`${origin} answered, but not as an access-control server's REST interface: check the address and port.`);
    default:
      return error;
  }
}

/** A library's code in a message: Node's (ECONNRESET), undici's (UND_ERR_SOCKET), OpenSSL's (ERR_TLS_…, CERT_…). */
const LIBRARY_CODE = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+|ERR_[A-Z_]+|CERT_[A-Z_]+|[A-Z]+_SELF_SIGNED_[A-Z_]+|UNABLE_TO_[A-Z_]+)\b/;

/**
 * The reason a running session gives on the connection bar and on stale tiles, in the words Setup's
 * "Test connection" uses (siteFailureWords), so the guard reads what went wrong and what to do, never
 * an undici code. Keeps the error's code (the failure policy decides on it). Per-item refusals the
 * server worded (a privilege, a licence, an item gone) keep their words: they are about that item.
 */
export function sessionFailureWords(error: DeskError, origin: string): DeskError {
  const words = (text: string) => new DeskError(error.code, text);
  switch (error.code) {
    case 'timeout':
    case 'network':
    case 'unauthorised':
      return siteFailureWords(error, origin);
    case 'certificate': {
      const worded = siteFailureWords(error, origin);
      // The transport's own words ("…: the server's certificate has expired") say what, not what to do.
      const transport = /: (the server's certificate [^:]*)$/.exec(error.message)?.[1];
      if (worded !== error || (!LIBRARY_CODE.test(error.message) && !transport)) return worded;
      return words(
        `The server at ${origin} presented a certificate this desk does not accept: ${transport ? `${transport}; ` : ''}ask whoever looks after the server ` +
          'whether its certificate changed, then check it in Settings.',
      );
    }
    case 'server-error': {
      const status = /\((5\d\d)\)/.exec(error.message)?.[1];
      return words(
        `The server at ${origin} failed${status ? ` (${status})` : ''}: Gatehouse keeps trying; if it goes on, ` +
          'tell whoever looks after the access-control server.',
      );
    }
    default:
      return error;
  }
}
