import { randomBytes } from 'node:crypto';
import type { LogFields } from './log/logger';

/**
 * What may be written about an unexpected failure (a bug, not a DeskError). Messages of errors thrown
 * by our own code or a library can carry anything they were built from (a server body, a key, a PIN),
 * so only the engine's own wording of programming faults is kept; everything else is the error's name
 * and where it was thrown, which is what a developer needs to find it.
 */
const ENGINE_FAULTS = new Set(['TypeError', 'RangeError', 'ReferenceError']);

export interface InternalFailure {
  /** Quoted to the operator and written in the log, so a support person can match the two. */
  reference: string;
  fields: LogFields;
}

export function describeInternalFailure(err: unknown): InternalFailure {
  const reference = randomBytes(4).toString('hex');
  if (!(err instanceof Error)) return { reference, fields: { reference, errorName: typeof err } };
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 12)
    .map((line) => line.trim());
  return {
    reference,
    fields: {
      reference,
      errorName: err.name,
      ...(ENGINE_FAULTS.has(err.name) ? { errorMessage: err.message.slice(0, 200) } : {}),
      stack: frames,
    },
  };
}
