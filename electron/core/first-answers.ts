/**
 * What a session's first attempt has heard, for its start to choose when to draw the stored board. A
 * kept local store must never make a start slower than none: when the server answers /api at once, its
 * own board usually follows within a moment, and a stored board drawn meanwhile is a whole board the
 * host sends and the page draws twice, on the same cores as the server's. So the stored board is drawn
 * at once only when the server is away or slow to answer, or its board is late (site-session.ts).
 */
export class FirstAnswers {
  private answer!: (answered: boolean) => void;
  private boardIn!: (loaded: true) => void;
  /** True once /api answered, false once it failed; the first of either counts. */
  private readonly answered = new Promise<boolean>((resolve) => (this.answer = resolve));
  /** True once the server's first board is on the desk. */
  private readonly board = new Promise<true>((resolve) => (this.boardIn = resolve));

  heard(answered: boolean): void {
    this.answer(answered);
  }

  boardLoaded(): void {
    this.boardIn(true);
  }

  /**
   * Draws the stored board of `storedItems` (`show`) when it is due: at once when the server is slow to
   * answer /api (or none is stored, or more than the grace's `items`: seconds for the server to list),
   * else only if the server's own board is late. Resolves once it is shown, or once the server has
   * answered in time and its board is on its way: the desk serves its page meanwhile, and what goes
   * before the board (the alarm queue) reaches it. Waiting for the board there held a restart's 10,000
   * alarms back a second.
   */
  async showStoredWhenDue(grace: { answerMs: number; boardMs: number; items: number }, storedItems: number, show: () => Promise<void>): Promise<void> {
    const waits = storedItems > 0 && storedItems <= grace.items && (await within(this.answered, grace.answerMs, false));
    if (!waits) return show();
    void within(this.board, grace.boardMs, false)
      .then((inTime) => (inTime ? undefined : show()))
      .catch(() => undefined); // the local store closed under it: only a cached copy is not shown
  }
}

/** `promise`'s value, or `otherwise` if it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
