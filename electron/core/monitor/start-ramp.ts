/**
 * Ramps start-up: at most `limit` first calls of item chains in flight at once. Ten thousand items
 * starting together would otherwise send ten thousand requests in the same instant, and the server
 * (and the desk) answer all of them late; a few hundred at a time get every first status sooner.
 *
 * Until one first call has been answered, only one goes at a time: a key revoked between the session's
 * check and the watchers' start would otherwise be refused once per item at the same instant, which
 * is the server's failure-flood alarm. One refusal halts the site before the next is sent.
 *
 * At most `perTurn` first calls start in one turn of the event loop: writing 256 requests at once held
 * the desk's one thread for half a second at 10,000 items, and an alarm or a door that changed then
 * waited for it.
 */
export class StartRamp {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private proven = false;
  /** First calls this turn may still start, and whether the next turn's refill is planned. */
  private turnLeft: number;
  private refillPlanned = false;

  constructor(
    private readonly limit = 256,
    private readonly perTurn = 32,
  ) {
    this.turnLeft = perTurn;
  }

  /** The server answered a first call: the rest may go up to the limit, `perTurn` a turn. */
  answered(): void {
    if (this.proven) return;
    this.proven = true;
    this.drain();
  }

  /** Resolves when a first call may go; false if `signal` aborted while waiting. */
  async enter(signal: AbortSignal): Promise<boolean> {
    if (this.waiting.length === 0 && this.inFlight < this.cap && this.takeTurn()) {
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

  /** A first call is over: the next one may go (the slot passes straight to it, this turn allowing). */
  leave(): void {
    this.inFlight--;
    this.drain();
  }

  private get cap(): number {
    return this.proven ? this.limit : 1;
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.inFlight < this.cap && this.takeTurn()) {
      this.inFlight++;
      this.waiting.shift()!();
    }
  }

  /** One start this turn, if any are left; the first start of a turn plans the next turn's refill. */
  private takeTurn(): boolean {
    if (!this.refillPlanned) {
      this.refillPlanned = true;
      setImmediate(() => {
        this.refillPlanned = false;
        this.turnLeft = this.perTurn;
        this.drain();
      });
    }
    if (this.turnLeft === 0) return false;
    this.turnLeft--;
    return true;
  }
}
