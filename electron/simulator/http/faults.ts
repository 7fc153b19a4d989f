import { z } from 'zod';
import type { Exchange } from './exchange';

/** A fault lasts for a number of requests, a time, or (neither given) until cleared. */
const Duration = { count: z.number().int().positive().optional(), forMs: z.number().positive().optional() };

export const FaultSettings = z
  .object({
    /** Added before every answer. */
    latencyMs: z.number().min(0).max(120_000).optional(),
    /** Answer this 5xx status instead of the real answer. */
    serverError: z.object({ status: z.number().int().min(500).max(599), ...Duration }).strict().optional(),
    /** Answer 200 with a body that is not valid JSON. */
    malformedJson: z.object({ ...Duration }).strict().optional(),
    /** Close the connection without answering. */
    dropRequests: z.object({ ...Duration }).strict().optional(),
  })
  .strict();
export type FaultSettings = z.infer<typeof FaultSettings>;

interface ActiveFault {
  remaining: number;
  until: number;
}

/**
 * Faults injected in front of the REST interface (control API): latency, 5xx answers, malformed
 * JSON and dropped requests, each for a number of requests or a while.
 */
export class FaultInjector {
  private latencyMs = 0;
  private serverError: (ActiveFault & { status: number }) | undefined;
  private malformed: ActiveFault | undefined;
  private drop: ActiveFault | undefined;

  set(settings: FaultSettings): void {
    if (settings.latencyMs !== undefined) this.latencyMs = settings.latencyMs;
    if (settings.serverError) this.serverError = { status: settings.serverError.status, ...active(settings.serverError) };
    if (settings.malformedJson) this.malformed = active(settings.malformedJson);
    if (settings.dropRequests) this.drop = active(settings.dropRequests);
  }

  clear(): void {
    this.latencyMs = 0;
    this.serverError = this.malformed = this.drop = undefined;
  }

  /** Applies the faults to one request; returns true when the request was answered (or dropped) here. */
  async intercept(exchange: Exchange): Promise<boolean> {
    if (this.latencyMs > 0) {
      // A slow or frozen server has still received the request: a client that gives up waiting does not
      // take back a command, which is then carried out late (the handler reads the body kept here).
      exchange.bodyText().catch(() => undefined);
      await new Promise((r) => setTimeout(r, this.latencyMs));
    }
    if (take(this.drop)) {
      exchange.destroy();
      return true;
    }
    if (this.serverError && take(this.serverError)) {
      exchange.error(this.serverError.status, 'Simulated server error');
      return true;
    }
    if (take(this.malformed)) {
      exchange.send(200, '{"results": [{"href": ', { 'content-type': 'application/json; charset=utf-8' });
      return true;
    }
    return false;
  }
}

function active(d: { count?: number; forMs?: number }): ActiveFault {
  return { remaining: d.count ?? Number.POSITIVE_INFINITY, until: d.forMs ? Date.now() + d.forMs : Number.POSITIVE_INFINITY };
}

function take(fault: ActiveFault | undefined): boolean {
  if (!fault || fault.remaining <= 0 || Date.now() >= fault.until) return false;
  fault.remaining--;
  return true;
}
