import { BoardLayout } from '../../../shared/contract/layout';
import type { JsonValue, SettingsStore } from '../vault/settings/settings-store';

/** The settings key holding every site's layout, by site key. */
const LAYOUTS_KEY = 'boardLayouts';

const EMPTY: BoardLayout = { collapsed: [], pinned: [], order: [] };

/**
 * The board's layout per site, in the shell's settings store (electron-store's file), so it survives a
 * restart. A layout that no longer reads (an older or hand-edited file) is treated as none: the board
 * then shows its default arrangement rather than refusing to start.
 */
export class LayoutStore {
  constructor(private readonly settings: SettingsStore) {}

  get(site: string): BoardLayout {
    const parsed = BoardLayout.safeParse(this.all()[site]);
    return parsed.success ? parsed.data : structuredClone(EMPTY);
  }

  set(site: string, layout: BoardLayout): BoardLayout {
    const all = this.all();
    all[site] = {
      collapsed: dedupe(layout.collapsed),
      pinned: dedupe(layout.pinned),
      order: dedupe(layout.order),
      ...(layout.view ? { view: layout.view } : {}),
      ...(layout.overviewBy ? { overviewBy: layout.overviewBy } : {}),
    };
    this.settings.set(LAYOUTS_KEY, all);
    return this.get(site);
  }

  private all(): Record<string, JsonValue> {
    const stored = this.settings.get(LAYOUTS_KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Record<string, JsonValue>) } : {};
  }
}

function dedupe(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/** A settings store in memory, for desks built without one (tools, tests). */
export class MemorySettingsStore implements SettingsStore {
  private readonly values = new Map<string, JsonValue>();
  get(key: string): unknown {
    return this.values.get(key);
  }
  set(key: string, value: JsonValue): void {
    this.values.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.values.delete(key);
  }
}
