import type { Acknowledgement } from '../../../../shared/contract/layout';
import { clock } from '../../lib/stores/clock.svelte';

/** How long one press of "Mute" silences the alarm sound: a while, never for good (a muted desk forgotten is a deaf desk). */
export const MUTE_MS = 5 * 60_000;

/** Alarms acknowledged at this desk (main keeps them with the time), and until when the alarm sound is muted here. */
class AlarmStore {
  #acknowledged = $state.raw<ReadonlyMap<string, Acknowledgement>>(new Map());
  #mutedUntil = $state(0);

  /** Muted now: read against the desk's one clock, so the sound comes back by itself when the time is up. */
  get muted(): boolean {
    return clock.now < this.#mutedUntil;
  }

  /** When the mute ends (ms), while muted. */
  get mutedUntil(): number | undefined {
    return this.muted ? this.#mutedUntil : undefined;
  }

  /** Mutes for five minutes, or unmutes at once. */
  toggleMuted(): void {
    this.#mutedUntil = this.muted ? 0 : Date.now() + MUTE_MS;
  }

  /** Whether the alarm an item reports now (its concern) was acknowledged at this desk. */
  isAcknowledged(href: string, concern: string): boolean {
    return this.#acknowledged.get(href)?.concern === concern;
  }

  acknowledgement(href: string): Acknowledgement | undefined {
    return this.#acknowledged.get(href);
  }

  replace(list: readonly Acknowledgement[]): void {
    this.#acknowledged = new Map(list.map((a) => [a.href, a]));
  }
}

export const alarms = new AlarmStore();
