/**
 * A short two-tone beep through Web Audio, repeated while an alarm is unacknowledged. Browsers keep
 * audio suspended until the page has had a click or key press; until then the pulse on screen is the
 * announcement, and the beep starts with the operator's first touch.
 */
export class AlarmSound {
  private context: ToneContext | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private first: ReturnType<typeof setTimeout> | undefined;
  private resuming: Promise<void> | undefined;

  constructor(private readonly everyMs = 2_500) {}

  /**
   * Opens the audio output ahead, once the page is idle: the first context a browser opens costs it
   * ≈0.4 s of the page's thread (430 ms in Debian's Chromium here), which the first alarm would
   * otherwise wait for before the desk could draw the next change.
   */
  prepare(): void {
    const { AudioContext, requestIdleCallback } = globalThis as unknown as BrowserAudio;
    if (!AudioContext || !requestIdleCallback) return;
    requestIdleCallback(() => (this.context ??= new AudioContext()), { timeout: 10_000 });
  }

  /** Beeps now and every few seconds. The first beep waits for the next task, so the alarm is drawn before any audio work. */
  start(): void {
    if (this.timer) return;
    this.first = setTimeout(() => this.beep(), 0);
    this.timer = setInterval(() => this.beep(), this.everyMs);
  }

  /**
   * One soft chime, for a low-priority alarm: heard once, not repeated. Like the beep it waits for the
   * next task and, before the operator's first touch, for the browser to allow audio.
   */
  chime(): void {
    setTimeout(() => this.play(chimeTone), 0);
  }

  stop(): void {
    clearTimeout(this.first);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private beep(): void {
    this.play(tones, () => this.timer !== undefined);
  }

  private play(sound: (ctx: ToneContext) => void, stillWanted: () => boolean = () => true): void {
    const { AudioContext, navigator } = globalThis as unknown as BrowserAudio;
    if (!AudioContext) return;
    const ctx = (this.context ??= new AudioContext());
    if (ctx.state === 'running') return sound(ctx);
    // Asking a suspended context to resume before the operator's first touch fails and warns each
    // time: ask once they have touched the desk (or where the browser cannot say), then beep.
    if (this.resuming || navigator?.userActivation?.hasBeenActive === false) return;
    this.resuming = ctx
      .resume()
      .then(() => {
        if (stillWanted()) sound(ctx);
      })
      .catch(() => undefined)
      .finally(() => (this.resuming = undefined));
  }
}

/**
 * What the sound uses of Web Audio and of the page's user activation, typed here rather than from the
 * DOM library so that the unit tests, compiled for Node, can load this module with a stand-in.
 */
interface BrowserAudio {
  AudioContext?: new () => ToneContext;
  navigator?: { userActivation?: { hasBeenActive: boolean } };
  requestIdleCallback?: (run: () => void, options: { timeout: number }) => number;
}

interface ToneContext {
  state: string;
  currentTime: number;
  destination: unknown;
  resume(): Promise<void>;
  createOscillator(): { frequency: { value: number }; connect(next: unknown): { connect(next: unknown): unknown }; start(at: number): void; stop(at: number): void };
  createGain(): { gain: { setValueAtTime(value: number, at: number): void; exponentialRampToValueAtTime(value: number, at: number): void } };
}

/** A single falling tone, quieter than the beep. */
function chimeTone(ctx: ToneContext): void {
  const at = ctx.currentTime;
  const tone = ctx.createOscillator();
  const gain = ctx.createGain();
  tone.frequency.value = 1_046;
  gain.gain.setValueAtTime(0.1, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + 0.6);
  tone.connect(gain).connect(ctx.destination);
  tone.start(at);
  tone.stop(at + 0.62);
}

function tones(ctx: ToneContext): void {
  const at = ctx.currentTime;
  for (const [i, frequency] of [880, 660].entries()) {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, at + i * 0.2);
    gain.gain.exponentialRampToValueAtTime(0.001, at + i * 0.2 + 0.18);
    tone.connect(gain).connect(ctx.destination);
    tone.start(at + i * 0.2);
    tone.stop(at + i * 0.2 + 0.2);
  }
}
