import type { SimClock } from '../clock';
import type { Site } from '../site/schema';
import type { ServerVersion } from '../version';
import { LiveAccessZone } from './access-zone';
import { LiveAlarmZone } from './alarm-zone';
import { DivisionTree } from './divisions';
import { LiveDoor } from './door';
import { Operator } from '../auth/operator';
import type { EventLog } from './event-log';
import { ServerEventJournal } from '../events/journal';
import { LiveFenceZone } from './fence-zone';
import { LiveInput } from './input';
import { LiveInterlockGroup } from './interlock-group';
import type { Collection, LiveItem } from './live-item';
import { LiveMacro } from './macro';
import { LiveOutput } from './output';

export interface WorldTiming {
  /** How long an item counts as watched after its last updates call ends. */
  watchWindowMs: number;
  /** How long `controllerUnknown` lasts while the server asks the hardware. */
  statusFetchMs: number;
  /** How long a zone count that newly left its range shows zoneCountInGrace. */
  zoneCountGraceMs: number;
}

/**
 * Everything the server knows, live: the site's items with their state, the division tree,
 * controllers and the hardware process, licences, the clock and the event log. HTTP handlers and
 * the control API both work on this one object.
 */
export class World {
  readonly divisions: DivisionTree;
  readonly items = new Map<Collection, Map<string, LiveItem>>();
  licences: Set<string>;
  /** Operator groups as they stand now; REST clients see changes only once refreshed. */
  readonly operatorGroups: Site['operatorGroups'];
  private readonly operators = new Map<string, Operator>();
  processOnline = true;
  private readonly offlineControllers = new Set<string>();
  /** The site's controllers by id: every item's summary names its controller, 50,000 of them a start. */
  private readonly controllersById: Map<string, Site['controllers'][number]>;
  private readonly doorsByZone = new Map<string, LiveDoor[]>();
  /** Status items by id alone: ids are unique across item types (the multi-item subscription addresses them so). */
  private readonly byId = new Map<string, LiveItem>();
  private readonly changeListeners: ((item: LiveItem) => void)[] = [];
  private readonly controllerListeners: ((id: string, online: boolean) => void)[] = [];
  /** The server's events and alarms (RESTEvents). */
  readonly journal: ServerEventJournal;
  readonly rootDivision: string;

  constructor(
    readonly site: Site,
    public version: ServerVersion,
    readonly clock: SimClock,
    readonly events: EventLog,
    private readonly timing: WorldTiming,
  ) {
    this.divisions = new DivisionTree(site.divisions);
    this.rootDivision = site.divisions.find((d) => !d.parent)!.id;
    this.journal = new ServerEventJournal(site.alarms, () => clock.now());
    this.licences = new Set(site.licences);
    this.operatorGroups = structuredClone(site.operatorGroups);
    this.controllersById = new Map(site.controllers.map((c) => [c.id, c]));
    for (const c of site.controllers) if (!c.online) this.offlineControllers.add(c.id);
    this.register(site.accessZones.map((d) => new LiveAccessZone(d, this)));
    const doors = site.doors.map((d) => new LiveDoor(d, this));
    this.register(doors);
    this.register(site.alarmZones.map((d) => new LiveAlarmZone(d, this)));
    this.register(site.fenceZones.map((d) => new LiveFenceZone(d, this)));
    this.register(site.inputs.map((d) => new LiveInput(d, this)));
    this.register(site.interlockGroups.map((d) => new LiveInterlockGroup(d, this)));
    this.register(site.macros.map((d) => new LiveMacro(d, this)));
    this.register(site.outputs.map((d) => new LiveOutput(d, this)));
    for (const door of doors) {
      const zone = door.def.entryAccessZone;
      if (!zone) continue;
      const list = this.doorsByZone.get(zone) ?? [];
      list.push(door);
      this.doorsByZone.set(zone, list);
    }
  }

  get watchWindowMs(): number {
    return this.timing.watchWindowMs;
  }
  get statusFetchMs(): number {
    return this.timing.statusFetchMs;
  }
  get zoneCountGraceMs(): number {
    return this.timing.zoneCountGraceMs;
  }

  collection(name: Collection): Map<string, LiveItem> {
    let map = this.items.get(name);
    if (!map) {
      map = new Map();
      this.items.set(name, map);
    }
    return map;
  }

  item(collection: Collection, id: string): LiveItem | undefined {
    return this.items.get(collection)?.get(id);
  }

  /** One of the site's controllers by its id. */
  controller(id: string): Site['controllers'][number] | undefined {
    return this.controllersById.get(id);
  }

  /** A status item of any type by its id. */
  itemById(id: string): LiveItem | undefined {
    return this.byId.get(id);
  }

  /** Called after any item's change (after its own long-polls are woken). */
  onItemChanged(listener: (item: LiveItem) => void): void {
    this.changeListeners.push(listener);
  }

  itemChanged(item: LiveItem): void {
    for (const listener of this.changeListeners) listener(item);
  }

  accessZone(id: string): LiveAccessZone | undefined {
    const item = this.item('access_zones', id);
    return item instanceof LiveAccessZone ? item : undefined;
  }

  door(id: string): LiveDoor | undefined {
    const item = this.item('doors', id);
    return item instanceof LiveDoor ? item : undefined;
  }

  fenceZone(id: string): LiveFenceZone | undefined {
    const item = this.item('fence_zones', id);
    return item instanceof LiveFenceZone ? item : undefined;
  }

  doorsInto(zoneId: string): LiveDoor[] {
    return this.doorsByZone.get(zoneId) ?? [];
  }

  /** Doors follow their entry zone's mode (free unlocks them), so they change with it. */
  accessZoneModeChanged(zoneId: string): void {
    for (const door of this.doorsInto(zoneId)) door.changed();
  }

  /** Alarm zones show the level of a fence zone that directs its events to them. */
  fenceZoneChanged(fenceId: string): void {
    for (const zone of this.collection('alarm_zones').values()) {
      if (zone instanceof LiveAlarmZone && zone.def.fenceZone === fenceId) zone.changed();
    }
  }

  /** Interlock groups show whether a member door is open. */
  doorChanged(doorId: string): void {
    for (const group of this.collection('interlock_groups').values()) {
      if (group instanceof LiveInterlockGroup && group.def.doors.includes(doorId)) group.changed();
    }
  }

  controllerOnline(id: string): boolean {
    return !this.offlineControllers.has(id);
  }

  setControllerOnline(id: string, online: boolean): void {
    if (online) this.offlineControllers.delete(id);
    else this.offlineControllers.add(id);
    this.everyItem((item) => item.def.controller === id && item.changed());
    for (const listener of this.controllerListeners) listener(id, online);
  }

  onControllerChanged(listener: (id: string, online: boolean) => void): void {
    this.controllerListeners.push(listener);
  }

  setProcessOnline(online: boolean): void {
    this.processOnline = online;
    this.everyItem((item) => item.changed());
  }

  everyItem(visit: (item: LiveItem) => void): void {
    for (const map of this.items.values()) for (const item of map.values()) visit(item);
  }

  /**
   * The operator a REST client acts as, with privileges as of its last refresh (docs/server-interface.md §Licences and operators: privilege
   * changes take effect after the REST client item's privileges are refreshed).
   */
  operatorFor(clientId: string, cardholderId: string): Operator {
    let operator = this.operators.get(clientId);
    if (!operator) {
      operator = new Operator(clientId, cardholderId, this);
      this.operators.set(clientId, operator);
    }
    return operator;
  }

  refreshPrivileges(clientId: string): void {
    this.operators.delete(clientId);
  }

  hasLicence(name: string): boolean {
    return this.licences.has(name);
  }

  private register(items: LiveItem[]): void {
    for (const item of items) {
      this.collection(item.collection).set(item.id, item);
      this.byId.set(item.id, item);
    }
  }
}
