/**
 * The one beat every "announced until acknowledged" pulse follows (the strip's entries, the plan's
 * pins): the page root's data-pulse is "on" and "off" in turn, and CSS shows the pulse while it is
 * "on". One attribute flip for every pulse on the page, where an animation of their own per alarm
 * started and stopped an animation, and a compositor layer, whenever an alarm came or was
 * acknowledged: on a plan of hundreds of pins that relayered the page many times a second, and a
 * change waited behind it (docs/performance.md). With reduced motion it is "steady": shown, not beating.
 */

/** Half a beat: on for this long, off for this long (0.8 beats a second, well clear of flashing). */
export const PULSE_HALF_MS = 600;

export type PulsePhase = 'on' | 'off' | 'steady';

export interface PulseRoot {
  dataset: { pulse?: string };
}

export interface MotionPreference {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/** Starts the beat on `root` (the page's <html>); answers the stop. */
export function startPulseClock(root: PulseRoot, reducedMotion: MotionPreference): () => void {
  let beat: ReturnType<typeof setInterval> | undefined;
  const set = (phase: PulsePhase) => (root.dataset.pulse = phase);
  const follow = () => {
    clearInterval(beat);
    beat = undefined;
    if (reducedMotion.matches) return void set('steady');
    set('on');
    beat = setInterval(() => set(root.dataset.pulse === 'on' ? 'off' : 'on'), PULSE_HALF_MS);
  };
  follow();
  reducedMotion.addEventListener('change', follow);
  return () => {
    clearInterval(beat);
    reducedMotion.removeEventListener('change', follow);
  };
}
