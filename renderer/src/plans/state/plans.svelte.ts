import { SvelteMap } from 'svelte/reactivity';
import { MAX_PLAN_BYTES, type FloorPlan, type PlanPin } from '../../../../shared/contract/plans';
import type { DeskClient } from '../../../../shared/contract';
import { readAllParts } from '../lib/base64-parts';
import { describeError } from '../lib/errors';

export interface FloorPlanState {
  /** Main's answer: the plan, null when the floor has none, undefined until main has answered. */
  plan: FloorPlan | null | undefined;
  /** The drawing as an object URL (never markup in the page), once its parts have arrived. */
  imageUrl?: string;
  /** Why the plan or its drawing could not be loaded, in words. */
  error?: string;
}

type Desk = Pick<DeskClient, 'call'>;

/**
 * The floors' plans as main keeps them, fed by plans.get when a floor's plan is shown and again when
 * main says a floor's plans changed. Pins are only ever what main answered (placePin and removePin
 * return the floor's saved pins).
 */
class PlanStore {
  readonly #floors = new SvelteMap<string, FloorPlanState>();
  /** Which drawing each floor's object URL shows, so a pin change does not fetch the image again. */
  readonly #drawn = new Map<string, { stamp: string; url: string }>();
  #desk: Desk | undefined;
  /** Loads in flight per floor: a newer load wins over an older one that answers late. */
  readonly #generation = new Map<string, number>();

  connect(desk: Desk): void {
    this.#desk = desk;
  }

  of(floor: string): FloorPlanState {
    return this.#floors.get(floor) ?? { plan: undefined };
  }

  /** Asks main for the floor's plan and, when its drawing is new, the drawing. */
  async load(floor: string): Promise<void> {
    const desk = this.#desk;
    if (!desk) return;
    const generation = (this.#generation.get(floor) ?? 0) + 1;
    this.#generation.set(floor, generation);
    const current = () => this.#generation.get(floor) === generation;
    try {
      const plan = await desk.call('plans.get', { floor });
      if (!current()) return;
      if (!plan) {
        this.#forget(floor);
        this.#floors.set(floor, { plan: null });
        return;
      }
      const stamp = `${plan.mediaType} ${plan.bytes} ${plan.updatedAt ?? ''} ${plan.source}`;
      const drawn = this.#drawn.get(floor);
      if (drawn?.stamp === stamp) {
        this.#floors.set(floor, { plan, imageUrl: drawn.url });
        return;
      }
      this.#floors.set(floor, { plan, ...(drawn ? { imageUrl: drawn.url } : {}) });
      const bytes = await readAllParts((offset) => desk.call('plans.imagePart', { floor, offset }), MAX_PLAN_BYTES);
      if (!current()) return;
      this.#forget(floor);
      const url = URL.createObjectURL(new Blob([bytes], { type: plan.mediaType }));
      this.#drawn.set(floor, { stamp, url });
      this.#floors.set(floor, { plan, imageUrl: url });
    } catch (err) {
      if (!current()) return;
      this.#floors.set(floor, { ...this.of(floor), error: `The plan could not be loaded: ${describeError(err)}` });
    }
  }

  /** The floor's pins as main saved them (the answer of placePin or removePin). */
  savedPins(floor: string, pins: PlanPin[]): void {
    const state = this.of(floor);
    if (state.plan) this.#floors.set(floor, { ...state, plan: { ...state.plan, pins } });
  }

  /** A plan main has just kept (finishImport's answer); its drawing follows with the next load. */
  imported(floor: string, plan: FloorPlan): void {
    this.#floors.set(floor, { ...this.of(floor), plan });
  }

  /** Loads again every floor already loaded (after the link to main reopened, or a restore). */
  reloadAll(): void {
    for (const floor of this.#floors.keys()) void this.load(floor);
  }

  /**
   * Lets go of every floor but the one shown (their drawings can be 10 MB each): a floor shown again
   * is fetched again, and its changes are not followed while it is not shown.
   */
  keepOnly(floor: string | undefined): void {
    for (const held of [...this.#floors.keys()]) {
      if (held === floor) continue;
      this.#forget(held);
      this.#floors.delete(held);
      this.#generation.set(held, (this.#generation.get(held) ?? 0) + 1);
    }
  }

  #forget(floor: string): void {
    const drawn = this.#drawn.get(floor);
    if (drawn) URL.revokeObjectURL(drawn.url);
    this.#drawn.delete(floor);
  }
}

export const plans = new PlanStore();
