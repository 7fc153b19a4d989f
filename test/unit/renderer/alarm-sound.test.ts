import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlarmSound } from '../../../renderer/src/board/lib/alarm-sound';

/**
 * A stand-in for Web Audio (Node has none): it counts what the sound asks of it. A context starts
 * suspended where the browser allows audio only after the page has had a touch, as Chromium does.
 */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  static allowed = false;
  state: 'suspended' | 'running' = FakeAudioContext.allowed ? 'running' : 'suspended';
  currentTime = 0;
  destination = {};
  resumes = 0;
  oscillators = 0;
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume(): Promise<void> {
    this.resumes++;
    if (!FakeAudioContext.allowed) return Promise.reject(new Error('not allowed to start'));
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    this.oscillators++;
    const node = { frequency: { value: 0 }, connect: (next: unknown) => next, start: () => undefined, stop: () => undefined };
    return node;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (next: unknown) => next };
  }
}

const touched = { hasBeenActive: false };

beforeEach(() => {
  vi.useFakeTimers();
  FakeAudioContext.made = [];
  FakeAudioContext.allowed = false;
  touched.hasBeenActive = false;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('navigator', { userActivation: touched });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the timers due by `ms` and lets the resume promises settle. */
async function after(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

/** How many tones the desk's audio context has built once the timers due by `ms` have run. */
async function tonesAfter(ms: number): Promise<number> {
  await after(ms);
  return FakeAudioContext.made[0]!.oscillators;
}

/** The alarm sound on a desk whose browser allows audio (the operator has touched the page before). */
function allowedSound(): AlarmSound {
  FakeAudioContext.allowed = true;
  return new AlarmSound();
}

describe('the alarm sound', () => {
  it('beeps two tones at once and again every 2.5 s while audio is allowed', async () => {
    const sound = allowedSound();
    sound.start();
    expect(await tonesAfter(0)).toBe(2);
    expect(await tonesAfter(2_500)).toBe(4);
    sound.stop();
    expect(await tonesAfter(10_000)).toBe(4);
  });

  it('does no audio work in the step that draws the alarm: an alarm cleared at once never beeps', async () => {
    const sound = allowedSound();
    sound.start();
    expect(FakeAudioContext.made).toHaveLength(0);
    sound.stop();
    await after(5_000);
    expect(FakeAudioContext.made).toHaveLength(0);
  });

  it('asks a suspended context to resume only once the operator has touched the desk, then beeps', async () => {
    const sound = new AlarmSound();
    sound.start();
    await after(7_500);
    const ctx = FakeAudioContext.made[0]!;
    // Before any touch: no resume asked (each would fail and warn), no tones built for a silent context.
    expect(ctx.resumes).toBe(0);
    expect(ctx.oscillators).toBe(0);

    touched.hasBeenActive = true;
    FakeAudioContext.allowed = true;
    await after(2_500);
    expect(ctx.resumes).toBe(1);
    expect(ctx.oscillators).toBe(2);
    await after(2_500);
    expect(ctx.resumes).toBe(1);
    expect(ctx.oscillators).toBe(4);
    sound.stop();
  });

  it('opens the audio ahead when the page is idle, and the first alarm beeps through it', async () => {
    FakeAudioContext.allowed = true;
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const sound = new AlarmSound();
    sound.prepare();
    expect(FakeAudioContext.made).toHaveLength(0);
    idle.forEach((run) => run());
    expect(FakeAudioContext.made).toHaveLength(1);

    sound.start();
    await after(0);
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.made[0]!.oscillators).toBe(2);
    sound.stop();
  });

  it('asks again at the next beep after a refused resume, and builds no tones meanwhile', async () => {
    touched.hasBeenActive = true;
    const sound = new AlarmSound();
    sound.start();
    await after(0);
    await after(2_500);
    const ctx = FakeAudioContext.made[0]!;
    expect(ctx.resumes).toBe(2);
    expect(ctx.oscillators).toBe(0);
    sound.stop();
  });

  it('chimes once for a low-priority alarm: one tone, never repeated', async () => {
    const sound = allowedSound();
    sound.chime();
    expect(await tonesAfter(0)).toBe(1);
    expect(await tonesAfter(30_000)).toBe(1);
  });
});
