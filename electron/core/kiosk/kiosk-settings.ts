import type { KioskOverview } from '../../../shared/contract/kiosk';
import { DeskError } from '../../../shared/errors';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../vault/settings/settings-store';
import type { LoginItem } from './autostart';
import { exitPinMatches, hashExitPin, StoredExitPin } from './exit-pin';

export interface KioskSettingsOptions {
  profile: 'kiosk' | 'desk';
  /** Absent where the shell cannot register a login item; `unsupportedReason` says why. */
  loginItem?: LoginItem;
  unsupportedReason?: string;
  /** Ends the desk (the shell's quit); called only after the exit PIN matched. */
  quit: () => void;
  logger: Logger;
  now?: () => number;
}

const AUTOSTART_KEY = 'autostart';
const EXIT_PIN_KEY = 'kioskExitPin';
/** Wrong exit PINs allowed before the desk stops listening for a while: a passer-by cannot guess. */
const MAX_WRONG_PINS = 5;
const LOCKOUT_MS = 60_000;

/**
 * Autostart at login and the kiosk's exit PIN. Autostart is off by default and on for the kiosk
 * profile until someone turns it off; the login item always follows the stored choice.
 */
export class KioskSettings {
  private wrongPins = 0;
  private lockedUntil = 0;

  constructor(
    private readonly settings: SettingsStore,
    private readonly options: KioskSettingsOptions,
  ) {}

  /** Brings the login item in line with the stored choice (or the profile's default) at start-up. */
  applyAutostart(): void {
    const item = this.options.loginItem;
    if (!item) return;
    const wanted = this.autostartWanted();
    if (wanted === item.isRegistered()) return;
    if (wanted) item.register();
    else item.unregister();
  }

  overview(): KioskOverview {
    const item = this.options.loginItem;
    return {
      profile: this.options.profile,
      autostart: item
        ? { supported: true, enabled: item.isRegistered(), where: item.where }
        : { supported: false, enabled: false, reason: this.options.unsupportedReason ?? 'This shell cannot start at login' },
      exitPinSet: this.storedPin() !== undefined,
    };
  }

  setAutostart(enabled: boolean): KioskOverview {
    const item = this.options.loginItem;
    if (!item) throw new DeskError('invalid-call', this.options.unsupportedReason ?? 'This shell cannot start at login');
    this.settings.set(AUTOSTART_KEY, enabled);
    if (enabled) item.register();
    else item.unregister();
    this.options.logger.info('kiosk.autostart', { enabled, where: item.where });
    return this.overview();
  }

  setExitPin(pin: string, currentPin: string | undefined): KioskOverview {
    if (this.storedPin()) this.checkPin(currentPin ?? '', 'Enter the current exit PIN to change it');
    this.settings.set(EXIT_PIN_KEY, hashExitPin(pin));
    this.options.logger.info('kiosk.exit-pin-set');
    return this.overview();
  }

  exit(pin: string): { exiting: true } {
    if (!this.storedPin()) throw new DeskError('invalid-call', 'No exit PIN is set: set one in Settings first');
    this.checkPin(pin, 'The exit PIN is not right');
    this.options.logger.info('kiosk.exit');
    this.options.quit();
    return { exiting: true };
  }

  private autostartWanted(): boolean {
    const stored = this.settings.get(AUTOSTART_KEY);
    return typeof stored === 'boolean' ? stored : this.options.profile === 'kiosk';
  }

  private storedPin(): StoredExitPin | undefined {
    const parsed = StoredExitPin.safeParse(this.settings.get(EXIT_PIN_KEY));
    return parsed.success ? parsed.data : undefined;
  }

  private checkPin(pin: string, wrong: string): void {
    const now = (this.options.now ?? Date.now)();
    if (now < this.lockedUntil) {
      throw new DeskError('forbidden', `Too many wrong PINs: try again in ${Math.ceil((this.lockedUntil - now) / 1000)} s`);
    }
    const stored = this.storedPin();
    if (stored && exitPinMatches(stored, pin)) {
      this.wrongPins = 0;
      return;
    }
    this.options.logger.warn('kiosk.wrong-pin');
    if (++this.wrongPins >= MAX_WRONG_PINS) {
      this.wrongPins = 0;
      this.lockedUntil = now + LOCKOUT_MS;
    }
    throw new DeskError('forbidden', wrong);
  }
}
