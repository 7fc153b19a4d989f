import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PULSE_HALF_MS, startPulseClock, type MotionPreference } from '../../../renderer/src/lib/pulse-clock';

function motion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const preference: MotionPreference & { set(reduce: boolean): void; listening(): number } = {
    matches: reduce,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    set(next) {
      (this as { matches: boolean }).matches = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
  return preference;
}

describe('the pulse clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats on and off every half period on the root, and stops', () => {
    const root = { dataset: {} as { pulse?: string } };
    const preference = motion(false);
    const stop = startPulseClock(root, preference);
    expect(root.dataset.pulse).toBe('on');
    vi.advanceTimersByTime(PULSE_HALF_MS);
    expect(root.dataset.pulse).toBe('off');
    vi.advanceTimersByTime(PULSE_HALF_MS);
    expect(root.dataset.pulse).toBe('on');
    stop();
    vi.advanceTimersByTime(PULSE_HALF_MS * 3);
    expect(root.dataset.pulse).toBe('on');
    expect(preference.listening()).toBe(0);
  });

  it('holds the pulse steady with reduced motion, and follows the preference as it changes', () => {
    const root = { dataset: {} as { pulse?: string } };
    const preference = motion(true);
    const stop = startPulseClock(root, preference);
    expect(root.dataset.pulse).toBe('steady');
    vi.advanceTimersByTime(PULSE_HALF_MS * 3);
    expect(root.dataset.pulse).toBe('steady');
    preference.set(false);
    expect(root.dataset.pulse).toBe('on');
    vi.advanceTimersByTime(PULSE_HALF_MS);
    expect(root.dataset.pulse).toBe('off');
    preference.set(true);
    vi.advanceTimersByTime(PULSE_HALF_MS * 3);
    expect(root.dataset.pulse).toBe('steady');
    stop();
  });
});
