import { calls, isCallName, type DeskService } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import type { CallReply } from '../../shared/wire';

/**
 * The one place a renderer's call enters main, whichever transport carried it. The renderer is
 * untrusted: the call name and params are checked against the contract before anything runs, and
 * failures come back as a code and a message, never as a stack or a secret.
 */
export async function dispatchCall(service: DeskService, name: unknown, params: unknown): Promise<CallReply> {
  if (!isCallName(name)) {
    return { ok: false, error: { code: 'invalid-call', message: `Unknown call: ${String(name).slice(0, 80)}` } };
  }
  const parsed = calls[name].params.safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'params';
    return { ok: false, error: { code: 'invalid-call', message: `${name}: ${where}: ${issue?.message ?? 'invalid'}` } };
  }
  try {
    // The union of param types collapses here; each name's params were just checked by its own schema.
    const value = await service.handle(name, parsed.data as never);
    return { ok: true, value };
  } catch (err) {
    if (err instanceof DeskError) return { ok: false, error: err.toShape() };
    return { ok: false, error: { code: 'server-error', message: 'Internal error in Gatehouse: see the main log' } };
  }
}
