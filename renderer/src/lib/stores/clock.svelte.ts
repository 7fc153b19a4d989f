/**
 * The one ticking clock the screen reads ages and countdowns from, so every tile agrees on "now".
 * A second is fine-grained enough for "next try in N s" and cheap enough for a large board.
 */
class Clock {
  now = $state(Date.now());

  constructor() {
    setInterval(() => (this.now = Date.now()), 1_000);
  }
}

export const clock = new Clock();
