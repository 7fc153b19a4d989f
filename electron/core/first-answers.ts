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
   * Whether the server's own board came soon enough that a stored board of `storedItems` need be neither
   * read nor drawn: /api answered within the grace and the board within its own after that. None stored,
   * or more than the grace's `items` (seconds for the server to list): no wait.
   */
  async serverBoardInTime(grace: { answerMs: number; boardMs: number; items: number }, storedItems: number): Promise<boolean> {
    if (storedItems === 0 || storedItems > grace.items || !(await within(this.answered, grace.answerMs, false))) return false;
    return within(this.board, grace.boardMs, false);
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
