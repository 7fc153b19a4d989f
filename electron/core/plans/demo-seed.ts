import { createHash } from 'node:crypto';
import type { LocalStore } from '../offline/local-store';
import { checkPlanImage } from './plan-image';
import { PlanStore, type StoredPin } from './plan-store';

/** The demo site's key in the layout and plan stores: one site whatever port it starts on. */
export const DEMO_SITE = 'demo';

/** One demo drawing for a floor of the demo site, with its items' pins; read from resources/ by the shell. */
export interface DemoPlanSeed {
  floor: string;
  name: string;
  bytes: Uint8Array;
  pins: readonly StoredPin[];
}

/**
 * Puts the demo site's drawings in the store so the demo shows plans on first run. Each floor is
 * seeded once: a demo plan the operator removed or replaced by an import stays as they left it; one
 * still in place gets the current drawing (pins untouched). The drawings pass the same checks as any
 * import, once per drawing: an unchanged drawing (by its digest) is not checked again at the next
 * start. Answers how many floors changed.
 */
export function seedDemoPlans(store: LocalStore, seeds: readonly DemoPlanSeed[], now: () => number = Date.now): number {
  const plans = new PlanStore(store);
  let changed = 0;
  for (const seed of seeds) {
    const digest = createHash('sha256').update(seed.bytes).digest('hex');
    const plan = () => {
      const image = checkPlanImage(seed.name, seed.bytes);
      return { name: seed.name, mediaType: image.mediaType, source: 'demo' as const, image: image.bytes, width: image.width, height: image.height, removed: image.removed, updatedAt: now() };
    };
    if (plans.seedDemo(DEMO_SITE, seed.floor, digest, plan, seed.pins)) changed++;
  }
  return changed;
}
