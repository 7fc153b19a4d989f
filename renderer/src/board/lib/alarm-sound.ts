/**
 * A short two-tone beep through Web Audio, repeated while an alarm is unacknowledged. Browsers keep
 * audio suspended until the page has had a click or key press; until then the pulse on screen is the
 * announcement, and the beep starts with the operator's first touch.
 */
export class AlarmSound {
  private context: AudioContext | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly everyMs = 2_500) {}

  start(): void {
    if (this.timer) return;
    this.beep();
    this.timer = setInterval(() => this.beep(), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private beep(): void {
    if (typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    const ctx = this.context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
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
}
