import type { InputDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

/**
 * An input: open or closed, tamper (three- and four-state inputs only), shunted (notPolled) and
 * isolated. Flags always say open/closed whatever the configured state names are.
 */
export class LiveInput extends LiveItem<InputDefinition> {
  private isOpen: boolean;
  private tamper = false;
  private isShunted = false;
  private isolated = false;

  constructor(def: InputDefinition, world: World) {
    super('inputs', def, world);
    this.isOpen = def.open;
  }

  protected override get shunted(): boolean {
    return this.isShunted;
  }

  protected normalFlags(): string[] {
    const flags = [this.isOpen ? 'open' : 'closed'];
    if (this.tamper) flags.push('tamper');
    if (this.isolated) flags.push('isolated');
    return flags;
  }

  /** Returns a reason when the input cannot take this state (two-state inputs have no tamper). */
  setPhysical(state: { open?: boolean; tamper?: boolean }): string | undefined {
    if (state.tamper && this.def.states === 2) return 'A two-state input cannot report tamper';
    if (state.open !== undefined) this.isOpen = state.open;
    if (state.tamper !== undefined) this.tamper = state.tamper;
    this.changed();
    return undefined;
  }

  setShunted(shunted: boolean): void {
    this.isShunted = shunted;
    this.changed();
  }

  setIsolated(isolated: boolean): void {
    this.isolated = isolated;
    this.changed();
  }
}
