import type { Acknowledgement } from '../../../../shared/contract/layout';

/** Alarms acknowledged at this desk (main keeps them with the time), and whether the alarm sound is muted here. */
class AlarmStore {
  #acknowledged = $state.raw<ReadonlyMap<string, Acknowledgement>>(new Map());
  #muted = $state(false);

  get muted(): boolean {
    return this.#muted;
  }

  toggleMuted(): void {
    this.#muted = !this.#muted;
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
