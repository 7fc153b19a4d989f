import { DeskError } from '../../../shared/errors';
import { STANDARD_AUTH_SCHEME } from '../../../shared/settings/auth-scheme';
import { versionAtLeast } from '../../../shared/version';
import { DEFAULT_AUTH, type AuthForm } from '../api/auth';
import { discover } from '../api/discovery';
import { Transport } from '../api/transport';
import type { DeskConfig } from '../config';

/** Where the form is chosen, as the Settings screen titles it. */
const FORM_SECTION = '"How the API key is sent"';

/**
 * The one other form worth trying when the configured one met a 401 (docs/server-interface.md
 * §Authentication): a word other than the standard one is tried against GGL-API-KEY, which every real
 * server takes; GGL-API-KEY itself against Basic (9.0 and later); Basic against GGL-API-KEY.
 */
export function otherForm(form: AuthForm): AuthForm {
  if (form.kind === 'scheme' && form.scheme === STANDARD_AUTH_SCHEME) return { kind: 'basic' };
  return DEFAULT_AUTH;
}

/**
 * A 401 says nothing about its cause: the server keeps its reason for its own event log. One more
 * discovery with the other form tells a refused form from a refused key or certificate: if the same key
 * gets in that way, the form was the cause. It costs the server at most one more failure, whatever
 * the outcome, so Test connection pressed again and again stays far below its failure-flood alarm.
 */
export async function explainRefusal(config: DeskConfig, origin: string, timeoutMs: number): Promise<DeskError | undefined> {
  const tried = otherForm(config.auth);
  const transport = new Transport({ ...transportBasics(config), auth: tried, getRetry: false, timeoutMs });
  try {
    const { version } = await discover(transport);
    return formRefused(config.auth, tried, version, origin);
  } catch (err) {
    if (err instanceof DeskError && err.code === 'unauthorised') return bothRefused(config.auth, tried, origin);
    // The second try met something else (the network, a timeout): it proves nothing either way.
    return undefined;
  } finally {
    await transport.close().catch(() => undefined);
  }
}

function transportBasics(config: DeskConfig) {
  const { baseUrl, apiKey, tls, explainTlsFailure } = config;
  return { baseUrl, apiKey, tls, explainTlsFailure };
}

/** The configured form was refused and `accepted` got in with the same key and certificate. */
export function formRefused(refused: AuthForm, accepted: AuthForm, version: string, origin: string): DeskError {
  const sameKey = 'the API key and the client certificate are right';
  if (refused.kind === 'basic') {
    const why = versionAtLeast(version, '9.0') ? '' : ' (servers before 9.0 do not take Basic)';
    return new DeskError(
      'unauthorised',
      `The server at ${origin} (version ${version}) refused the key sent as Basic (401)${why}, but accepts it after the scheme ` +
        `word ${STANDARD_AUTH_SCHEME}: ${sameKey}. Choose the API key form under ${FORM_SECTION}.`,
    );
  }
  if (accepted.kind === 'basic') {
    return new DeskError(
      'unauthorised',
      `The server at ${origin} refused the scheme word ${refused.scheme} (401), but accepts the same key sent as Basic: ` +
        `${sameKey}. Choose Basic under ${FORM_SECTION}.`,
    );
  }
  return new DeskError(
    'unauthorised',
    `The server at ${origin} refused the scheme word ${refused.scheme} (401), but accepts the same key after ${accepted.scheme}: ` +
      `${sameKey}. Set the scheme word back to ${accepted.scheme} under ${FORM_SECTION}.`,
  );
}

/** Both forms were refused: the form is not the cause, the key or the certificate (or the address) is. */
export function bothRefused(configured: AuthForm, tried: AuthForm, origin: string): DeskError {
  return new DeskError(
    'unauthorised',
    `The server at ${origin} refused this desk's credentials (401), sent ${formWords(configured)} and ${formWords(tried)} ` +
      "alike, so how the key is sent is not the cause: check the API key, and that this desk's client certificate " +
      "thumbprint is the one on the server's REST client item (the server's alarm list says which it refused).",
  );
}

function formWords(form: AuthForm): string {
  return form.kind === 'basic' ? 'as Basic' : `after ${form.scheme}`;
}
