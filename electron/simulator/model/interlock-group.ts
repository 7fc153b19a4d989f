import type { InterlockGroupDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

/**
 * An interlock group shows one flag: forced (rules breached), overridden (disabled by override),
 * open (a member door is open, so the others stay shut) or secure.
 */
export class LiveInterlockGroup extends LiveItem<InterlockGroupDefinition> {
  private disabled = false;
  forced = false;

  constructor(def: InterlockGroupDefinition, world: World) {
    super('interlock_groups', def, world);
  }

  protected normalFlags(): string[] {
    if (this.forced) return ['forced'];
    if (this.disabled) return ['overridden'];
    const anyOpen = this.def.doors.some((id) => this.world.door(id)?.open);
    return [anyOpen ? 'open' : 'secure'];
  }

  setDisabled(disabled: boolean): void {
    this.disabled = disabled;
    this.changed();
  }

  setForced(forced: boolean): void {
    this.forced = forced;
    this.changed();
  }
}
