import type { JsonValue, SettingsStore } from '../vault/settings/settings-store';

/** The settings key holding each site's chosen reception, by site key. */
const CHOICES_KEY = 'receptionChoice';

/**
 * The reception this desk chose, per site, in the shell's settings store: main needs it to follow that
 * reception's overdue visitors whether or not the Reception screen is open, and it survives a restart.
 */
export class ReceptionChoice {
  constructor(private readonly settings: SettingsStore) {}

  get(site: string): string | undefined {
    const href = this.all()[site];
    return typeof href === 'string' ? href : undefined;
  }

  set(site: string, href: string): void {
    this.settings.set(CHOICES_KEY, { ...this.all(), [site]: href });
  }

  private all(): Record<string, JsonValue> {
    const stored = this.settings.get(CHOICES_KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Record<string, JsonValue>) } : {};
  }
}
