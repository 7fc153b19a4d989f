import type { z } from 'zod';
import { DeskError } from '../../../shared/errors';

/**
 * Validates a server payload against its schema. A payload that does not fit is an error naming the
 * field and what was wrong, never a crash further down.
 */
export function parsePayload<T extends z.ZodType>(schema: T, data: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
  throw new DeskError('invalid-response', `${what}: field ${where}: ${issue?.message ?? 'does not match the server interface'}`);
}
