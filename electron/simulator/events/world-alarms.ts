import type { LoggedEvent, EventLog } from '../model/event-log';
import type { LiveItem } from '../model/live-item';
import type { World } from '../model/world';
import type { KindKey } from './event-kinds';
import type { EventItem, RaiseInput, ServerEventRecord } from './journal';

/** Which of an item's conditions raise which kind of two-part alarm, per item type. */
const CONDITIONS: Partial<Record<LiveItem['collection'], Partial<Record<string, KindKey>>>> = {
  doors: { forced: 'forcedDoor', openTooLong: 'doorOpenTooLong', tamper: 'tamper' },
  inputs: { open: 'inputOpened', tamper: 'tamper' },
  fence_zones: { alert: 'fenceAlarm' },
  access_zones: { zoneCountTooHigh: 'zoneCount', zoneCountTooLow: 'zoneCount' },
  alarm_zones: { entryDelay: 'zoneAlarm' },
};

const MESSAGES: Partial<Record<KindKey, (name: string) => string>> = {
  forcedDoor: (n) => `${n} has been forced open`,
  doorOpenTooLong: (n) => `${n} has been open too long`,
  tamper: (n) => `${n}: tamper`,
  inputOpened: (n) => `${n} opened`,
  fenceAlarm: (n) => `${n}: fence alarm`,
  zoneCount: (n) => `${n}: zone count out of range`,
  zoneAlarm: (n) => `${n}: alarm zone in alarm`,
  controllerOffline: (n) => `Controller "${n}" offline`,
};

/**
 * The world raising events: an item condition starting raises a two-part event (restored, which ends
 * `active`, when the condition ends), controllers going offline and back, and the control-API event
 * log's entries (overrides, cardholder changes, refused REST connections and the flood alarm) become
 * server events attributed to their operator or `requested_by` cardholder.
 */
export class WorldAlarms {
  /** Conditions standing now, per item, with the event each raised. */
  private readonly standing = new Map<string, Map<string, ServerEventRecord | null>>();
  private readonly offline = new Map<string, ServerEventRecord>();

  constructor(
    private readonly world: World,
    log: EventLog,
    private readonly cardholderName: (id: string) => string | undefined,
  ) {
    // Conditions standing at start-up predate the journal: they raise nothing, and their end restores nothing.
    world.everyItem((item) => {
      const kinds = CONDITIONS[item.collection];
      if (kinds) this.standing.set(item.id, new Map(item.conditionFlags().filter((f) => kinds[f]).map((f) => [f, null])));
    });
    world.onItemChanged((item) => this.itemChanged(item));
    world.onControllerChanged((id, online) => this.controllerChanged(id, online));
    log.onAdded((entry) => this.logged(entry));
  }

  /** Records an event about a live item (the control API and the scenario's card access use this). */
  raiseAt(item: LiveItem, input: Omit<RaiseInput, 'source' | 'division' | 'message'> & { message?: string }): ServerEventRecord {
    const message = input.message ?? MESSAGES[input.kind]?.(item.def.name) ?? `${item.def.name}: ${input.kind}`;
    const door = item.collection === 'doors' ? (item.def as { entryAccessZone?: string; exitAccessZone?: string }) : undefined;
    return this.world.journal.record({
      ...input,
      message,
      source: itemRef(item),
      division: item.def.division ?? this.world.rootDivision,
      ...(door?.entryAccessZone ? { entryAccessZone: this.zoneRef(door.entryAccessZone) } : {}),
      ...(door?.exitAccessZone ? { exitAccessZone: this.zoneRef(door.exitAccessZone) } : {}),
    });
  }

  /** A card at a door's reader, granted or denied: the cardholder moving into the door's entry zone (or not). */
  cardAccess(item: LiveItem, cardholderId: string, granted: boolean, cardNumber: string): ServerEventRecord {
    const who = this.person(cardholderId);
    return this.raiseAt(item, {
      kind: granted ? 'accessGranted' : 'accessDenied',
      cardholder: who,
      card: { facilityCode: 'A1', number: cardNumber, issueLevel: 1 },
      message: granted ? `${who.name} was granted access at ${item.def.name}` : `${who.name} was denied access at ${item.def.name}`,
    });
  }

  person(id: string): EventItem {
    return { id, name: this.cardholderName(id) ?? id };
  }

  private zoneRef(id: string): EventItem {
    const zone = this.world.accessZone(id);
    return { id, name: zone?.def.name ?? id, collection: 'access_zones' };
  }

  private itemChanged(item: LiveItem): void {
    const kinds = CONDITIONS[item.collection];
    if (!kinds) return;
    const standing = this.standing.get(item.id) ?? new Map<string, ServerEventRecord | null>();
    this.standing.set(item.id, standing);
    const now = new Set(item.conditionFlags().filter((f) => kinds[f] !== undefined));
    for (const [flag, event] of standing) {
      if (now.has(flag)) continue;
      standing.delete(flag);
      if (event?.alarm) this.world.journal.alarms.restore(event.alarm);
    }
    for (const flag of now) {
      if (standing.has(flag)) continue;
      standing.set(flag, this.raiseAt(item, { kind: kinds[flag]! }));
    }
  }

  private controllerChanged(id: string, online: boolean): void {
    const controller = this.world.controller(id);
    if (!controller) return;
    const raised = this.offline.get(id);
    if (online) {
      if (raised?.alarm) this.world.journal.alarms.restore(raised.alarm);
      this.offline.delete(id);
      return;
    }
    if (raised) return;
    this.offline.set(
      id,
      this.world.journal.record({
        kind: 'controllerOffline',
        message: MESSAGES.controllerOffline!(controller.name),
        source: { id, name: controller.name, controller: true },
        division: controller.division,
      }),
    );
  }

  private logged(entry: LoggedEvent): void {
    const journal = this.world.journal;
    const server = this.world.site.server;
    const serverRef: EventItem = { id: server.id, name: server.name, server: true };
    const division = entry.division ?? this.world.rootDivision;
    switch (entry.type) {
      case 'override': {
        const item = this.world.itemById(entry.itemId);
        if (!item) return;
        // With requested_by the event is that cardholder's; the operator is named in the details.
        const by = this.person(entry.requestedBy ?? entry.operator);
        const details = entry.requestedBy ? `Sent through the REST interface by ${this.person(entry.operator).name}` : undefined;
        this.raiseAt(item, { kind: 'override', operator: by, message: `${item.def.name}: ${entry.command} override by ${by.name}`, ...(details ? { details } : {}) });
        return;
      }
      case 'cardholder': {
        const who = this.person(entry.operator);
        const holder = this.person(entry.cardholderId);
        journal.record({ kind: 'cardholderChanged', source: serverRef, division, operator: who, cardholder: holder, message: `${holder.name}: ${entry.action} by ${who.name}` });
        return;
      }
      case 'auth-failure':
        journal.record({ kind: 'restAuthFailure', source: serverRef, division, message: `A REST connection was refused: ${entry.reason}`, details: `From ${entry.source}` });
        return;
      case 'auth-flood-alarm':
        journal.record({ kind: 'restFlood', source: serverRef, division, message: entry.message, details: `${entry.count} requests refused since the flood began` });
        return;
    }
  }
}

export function itemRef(item: LiveItem): EventItem {
  return { id: item.id, name: item.def.name, collection: item.collection };
}
