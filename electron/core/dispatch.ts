import type { z } from 'zod';
import { calls, isCallName, type CallName, type CheckedParams, type DeskService } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import type { CallReply } from '../../shared/wire';
import { describeInternalFailure } from './internal-error';
import { levelledLogger, type Logger } from './log/logger';

/** Until a shell passes its own log: an internal error is never silent (JSON lines on stderr). */
const stderrLog: Logger = levelledLogger('warn', (record) => process.stderr.write(`${JSON.stringify(record)}\n`));

/**
 * The one place a renderer's call enters main, whichever transport carried it. The renderer is
 * untrusted: the call name and params are checked against the contract before anything runs, and
 * failures come back as a code and a message, never as a stack or a secret. Anything that is not a
 * DeskError is a fault in Gatehouse: it is logged with the call's name and a reference the operator
 * also sees, never with the params (they can hold a key or a PIN).
 */
export async function dispatchCall(service: DeskService, name: unknown, params: unknown, log: Logger = stderrLog): Promise<CallReply> {
  if (!isCallName(name)) {
    return { ok: false, error: { code: 'invalid-call', message: `Unknown call: ${String(name).slice(0, 80)}` } };
  }
  const parsed = schemaOf(name).safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'params';
    // The call and field go to the log; the guard reads the schema's own sentence, or that the screen erred.
    log.warn('call.refused', { call: name, field: where, issue: issue?.message ?? 'invalid' });
    return { ok: false, error: { code: 'invalid-call', message: refusedParamsWords(issue?.message) } };
  }
  try {
    const value = await service.handle(name, parsed.data);
    return { ok: true, value };
  } catch (err) {
    if (err instanceof DeskError) return { ok: false, error: err.toShape() };
    const failure = describeInternalFailure(err);
    log.error('call.failed', { call: name, ...failure.fields });
    return {
      ok: false,
      error: { code: 'server-error', message: `Internal error in Gatehouse while answering ${name} (reference ${failure.reference}): see the main log` },
    };
  }
}

/** zod's own messages ("Invalid input: expected string…"): written for programmers, so not shown. */
const LIBRARY_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)\b/;

/**
 * What the guard reads when the contract refuses a call's params. A schema's own message is a sentence
 * about what they typed ("The card id is hexadecimal digits"); anything else is a fault in the screen.
 */
export function refusedParamsWords(message: string | undefined): string {
  if (message && !LIBRARY_MESSAGE.test(message)) return /[.!?]$/.test(message) ? message : `${message}.`;
  return 'Gatehouse’s screen sent something the desk could not take (a fault in Gatehouse, not in what you did): nothing was done. The main log says more.';
}

/**
 * The contract seen call by call: TypeScript checks each entry of `calls` against this once, so a
 * schema looked up by a generic call name keeps that call's own params type, with no cast.
 */
const paramsByCall: { [K in CallName]: { params: z.ZodType<CheckedParams<K>> } } = calls;

function schemaOf<K extends CallName>(name: K): z.ZodType<CheckedParams<K>> {
  return paramsByCall[name].params;
}
