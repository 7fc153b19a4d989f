/**
 * Ramps start-up: at most `limit` first calls of item chains in flight at once. Ten thousand items
 * starting together would otherwise send ten thousand requests in the same instant, and the server
 * (and the desk) answer all of them late; a few hundred at a time get every first status sooner.
 */
export class StartRamp {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit = 256) {}

  /** Resolves when a first call may go; false if `signal` aborted while waiting. */
  async enter(signal: AbortSignal): Promise<boolean> {
    if (this.inFlight < this.limit) {
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
