import { StatusFeed } from './status-feed';
import type { World } from './world';

/** Collection path segments, as they appear in URLs. */
export type Collection =
  | 'access_zones' | 'alarm_zones' | 'day_categories' | 'doors' | 'elevator_groups'
  | 'fence_zones' | 'inputs' | 'interlock_groups' | 'macros' | 'outputs';

export interface ItemDefinition {
  id: string;
  name: string;
  shortName?: string;
  description?: string;
  notes?: string;
  division?: string;
  controller?: string;
}

/** Faults an item can be put into through the control API, independent of its type. */
export interface ItemFaults {
  deviceNotResponding: boolean;
  encryptionKeysTampered: boolean;
  remoteServerOffline: boolean;
}

/**
 * One item the server holds. Subclasses add the physical and override state of their type and
 * say which flags it shows when online; this class adds the abnormal flags (docs/server-status-flags.md, in priority
 * order), the "is anyone watching" bookkeeping behind `unknown` and `controllerUnknown`, and the
 * change feed long-polls wait on.
 */
export abstract class LiveItem<D extends ItemDefinition = ItemDefinition> {
  readonly feed = new StatusFeed();
  readonly faults: ItemFaults = { deviceNotResponding: false, encryptionKeysTampered: false, remoteServerOffline: false };
  /** Long-polls currently held on this item. */
  activePolls = 0;
  private lastWatchedAt = Number.NEGATIVE_INFINITY;
  private fetching = false;

  constructor(
    readonly collection: Collection,
    readonly def: D,
    protected readonly world: World,
  ) {}

  get id(): string {
    return this.def.id;
  }

  /** Flags of the type when the server has current status and nothing abnormal applies. */
  protected abstract normalFlags(): string[];

  /** Whether this type can be shunted (notPolled); inputs and fence zones override. */
  protected get shunted(): boolean {
    return false;
  }

  /** Access zones without doors report unconfigured. */
  protected get unconfigured(): boolean {
    return false;
  }

  /** Words of the status text where this type says a flag its own way (an output's closed relay is On). */
  statusWords(): Readonly<Record<string, string>> {
    return {};
  }

  /** Type-specific values carried on updates calls besides the status fields (zoneCount, voltage). */
  updateExtras(): Record<string, unknown> {
    return {};
  }

  /** The abnormal flags in priority order: the first that applies is the only one shown. */
  abnormalFlags(): string[] | undefined {
    if (this.unconfigured) return ['unconfigured'];
    if (this.faults.remoteServerOffline) return ['remoteServerOffline'];
    if (!this.world.processOnline) return ['processOffline'];
    if (this.def.controller && !this.world.controllerOnline(this.def.controller)) return ['controllerOffline'];
    if (this.shunted) return ['notPolled'];
    if (this.faults.deviceNotResponding) {
      return this.faults.encryptionKeysTampered ? ['deviceNotResponding', 'encryptionKeysTampered'] : ['deviceNotResponding'];
    }
    return undefined;
  }

  /** The item's own conditions, whatever the controller or server shows (what raises and restores alarms). */
  conditionFlags(): string[] {
    return this.normalFlags();
  }

  /** The status the server really has (as if watched). */
  currentFlags(): string[] {
    return this.abnormalFlags() ?? this.normalFlags();
  }

  /** Flags as a summary or detail page shows them: `unknown` while nobody watches the item. */
  pageFlags(): string[] {
    const abnormal = this.abnormalFlags();
    if (abnormal) return abnormal;
    if (this.fetching) return ['controllerUnknown'];
    return this.isWatched() ? this.normalFlags() : ['unknown'];
  }

  /** Flags as an updates call shows them: never `unknown`, `controllerUnknown` while fetching. */
  updateFlags(): string[] {
    const abnormal = this.abnormalFlags();
    if (abnormal) return abnormal;
    return this.fetching ? ['controllerUnknown'] : this.normalFlags();
  }

  isWatched(): boolean {
    return this.activePolls > 0 || this.world.clock.now() - this.lastWatchedAt < this.world.watchWindowMs;
  }

  /**
   * An updates call refreshes the subscription. When nobody was watching, the server first has to
   * ask the hardware: the item shows `controllerUnknown` until the answer comes back.
   */
  refreshWatch(): void {
    if (!this.isWatched() && !this.fetching) {
      this.fetching = true;
      this.world.clock.schedule(this.world.statusFetchMs, () => {
        this.fetching = false;
        this.changed();
      });
    }
    this.lastWatchedAt = this.world.clock.now();
  }

  /** After a server restart nothing is watched: the next updates call starts with controllerUnknown. */
  forgetWatch(): void {
    this.lastWatchedAt = Number.NEGATIVE_INFINITY;
  }

  endPoll(): void {
    this.lastWatchedAt = this.world.clock.now();
  }

  /** Call after any change that may alter what the item shows. */
  changed(): void {
    this.feed.changed();
    this.world.itemChanged(this);
  }
}
