/**
 * Ramps start-up: at most `limit` first calls of item chains in flight at once. Ten thousand items
 * starting together would otherwise send ten thousand requests in the same instant, and the server
 * (and the desk) answer all of them late; a few hundred at a time get every first status sooner.
 *
 * Until one first call has been answered, only one goes at a time: a key revoked between the session's
 * check and the watchers' start would otherwise be refused once per item at the same instant, which
 * is the server's failure-flood alarm. One refusal halts the site before the next is sent.
 */
export class StartRamp {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private proven = false;

  constructor(private readonly limit = 256) {}

  /** The server answered a first call: the rest may go up to the limit. */
  answered(): void {
    if (this.proven) return;
    this.proven = true;
    while (this.inFlight < this.limit && this.waiting.length > 0) {
      this.inFlight++;
      this.waiting.shift()!();
    }
  }

  /** Resolves when a first call may go; false if `signal` aborted while waiting. */
  async enter(signal: AbortSignal): Promise<boolean> {
    if (this.inFlight < (this.proven ? this.limit : 1)) {
      this.inFlight++;
      return true;
    }
    await new Promise<void>((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', quit);
        resolve();
      };
      const quit = () => {
        const at = this.waiting.indexOf(go);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve();
      };
      this.waiting.push(go);
      signal.addEventListener('abort', quit, { once: true });
    });
    if (signal.aborted) return false;
    return true;
  }

  /** A first call is over: the next one may go (the slot passes straight to it). */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
