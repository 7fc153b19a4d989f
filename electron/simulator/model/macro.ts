import type { MacroDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

/** How long the experimental `closed` flag shows while a macro runs (9.30 and later). */
const RUN_MS = 1_000;

/** A macro: normally no flags; from 9.30 the experimental `closed` flag appears briefly while it runs. */
export class LiveMacro extends LiveItem<MacroDefinition> {
  private running = false;
  runs = 0;

  constructor(def: MacroDefinition, world: World) {
    super('macros', def, world);
  }

  protected normalFlags(): string[] {
    return this.running && this.world.version.atLeast('9.30') ? ['closed'] : [];
  }

  run(): void {
    this.runs++;
    this.running = true;
    this.changed();
    this.world.clock.schedule(RUN_MS, () => {
      this.running = false;
      this.changed();
    });
  }
}
