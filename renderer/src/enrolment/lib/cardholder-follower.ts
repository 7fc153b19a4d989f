/** One call of a cardholder's updates long poll, as main answers `enrolment.cardsChanged`. */
export type FollowCall = (href: string) => Promise<{ changed: boolean; next: string }>;

/** How long to wait before asking again after a failed call, and how many failures in a row end the following. */
const RETRY_MS = 3_000;
const GIVE_UP_AFTER = 3;

/**
 * Follows one cardholder through the server's updates link while their cards are on screen, so a
 * card disabled or added at another desk shows here without a reload. The first answer is the
 * starting point; each later answer that says the cardholder changed calls `changed`. Three failures
 * in a row end it, with the last failure's words for the screen; `stop` ends it when the screen moves on.
 */
export class CardholderFollower {
  private stopped = false;

  constructor(
    private readonly call: FollowCall,
    href: string,
    private readonly changed: () => void,
    private readonly gaveUp: (reason: string) => void,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    void this.run(href);
  }

  stop(): void {
    this.stopped = true;
  }

  private async run(href: string): Promise<void> {
    let next = href;
    let first = true;
    let failures = 0;
    while (!this.stopped) {
      try {
        const answer = await this.call(next);
        if (this.stopped) return;
        if (answer.changed && !first) this.changed();
        first = false;
        failures = 0;
        next = answer.next;
      } catch (err) {
        if (this.stopped) return;
        if (++failures >= GIVE_UP_AFTER) return this.gaveUp(err instanceof Error ? err.message : String(err));
        await this.wait(RETRY_MS);
      }
    }
  }
}
