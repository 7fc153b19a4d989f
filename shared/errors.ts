import { z } from 'zod';

/**
 * Every failure that can cross the contract, named for what an operator can do about it.
 * Messages never carry a secret (API key, private key) or a raw server body beyond its reason text.
 */
export const ErrorCode = z.enum([
  'unauthorised', // 401: bad key, missing scheme, wrong client certificate, address not allowed
  'licence', // 403 because the site lacks a licence (server text included)
  'forbidden', // 403 because the operator lacks a privilege
  'not-found', // 404
  'bad-request', // 400, or a request refused before sending because it breaks a rule of the server interface
  'server-error', // 5xx
  'timeout',
  'network', // unreachable, connection dropped
  'certificate', // the server's certificate is not the pinned one
  'invalid-response', // the server answered with something that does not match the server interface
  'invalid-call', // the renderer sent a call that does not fit the contract
  'offline', // refused because the desk is offline (overrides are never queued)
  'keychain', // the OS keychain is missing, locked or refused the key; or the less-safe mode was not chosen
  'credentials', // a certificate, key, PKCS#12 file or stored secret could not be used
  'uncertain', // the server's answer to a command could not be read: it may or may not have been carried out
  'card', // a smart card or its reader: no card, removed mid-read, not a PIV card, unreadable, wrong PIN
  'signed-out', // nobody is signed in at this desk (or the operator lacks the role): the call acts, so it is refused
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const DeskErrorShape = z.object({ code: ErrorCode, message: z.string() });
export type DeskErrorShape = z.infer<typeof DeskErrorShape>;

/** An error with a code from ErrorCode; what main throws and what the renderer's client rethrows. */
export class DeskError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }

  toShape(): DeskErrorShape {
    return { code: this.code, message: this.message };
  }
}
