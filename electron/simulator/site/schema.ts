import { z } from 'zod';
import { KIND_KEYS } from '../events/event-kinds';
import { CardholderLocations, CardholderPhotos, ProximityCards, VisitorManagement } from './visitor-schema';

/**
 * A site is data: the divisions, the people and REST clients, and every item the server holds.
 * One schema gives the JSON file's check and the TypeScript type. Physical state given here is the
 * state at start-up; the simulator's live model moves on from it.
 */
const Id = z.string().regex(/^[A-Za-z0-9_.~-]+$/, 'ids are short URL-safe strings');

const Common = {
  id: Id,
  name: z.string().min(1),
  shortName: z.string().optional(),
  description: z.string().optional(),
  notes: z.string().optional(),
  division: Id,
};
/** Items wired to a hardware controller (connectedController, controllerOffline). */
const Wired = { ...Common, controller: Id.optional() };

export const Division = z.object({
  id: Id,
  name: z.string().min(1),
  description: z.string().optional(),
  /** Absent on the one root division. */
  parent: Id.optional(),
});

export const Controller = z.object({ id: Id, name: z.string().min(1), division: Id, online: z.boolean().default(true) });

export const Cardholder = z.object({
  id: Id,
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  shortName: z.string().max(16).optional(),
  description: z.string().optional(),
  /** 'Cardholder Authorised' (cc_rest.yaml CardholderSummary.authorised); a site's people are, unless it says not. */
  authorised: z.boolean().default(true),
  division: Id,
});

export const OperatorGroup = z.object({
  id: Id,
  name: z.string().min(1),
  /** Privileges apply in these divisions and all their descendants. */
  divisions: z.array(Id),
  privileges: z.array(z.string()),
  members: z.array(Id),
});

export const RestClient = z.object({
  id: Id,
  name: z.string().min(1),
  cardholder: Id,
  /** Absent: the simulator generates one at start-up (the first client's is RunningSimulator.apiKey). */
  apiKey: z.string().optional(),
  /**
   * SHA-1 thumbprint pinned on the item. Absent: the certificate the simulator generates at start-up.
   * Empty string: a blank thumbprint (works only under the server's relaxed certificate flag).
   */
  thumbprint: z.string().optional(),
  /** Source address filter: IPv4 addresses or CIDR ranges. Absent or empty: no filtering. */
  allowedAddresses: z.array(z.string()).optional(),
  /** The item is disabled: from 8.90 its requests are refused (earlier servers have no such setting). */
  disabled: z.boolean().default(false),
});

export const AccessZoneMode = z.enum(['secure', 'dualAuth', 'codeOrCard', 'free']);
export const AccessZone = z.object({
  ...Wired,
  /** The scheduled mode; absent means the zone has no schedule. */
  schedule: AccessZoneMode.optional(),
  mode: AccessZoneMode.optional(),
  usePin: z.boolean().default(false),
  zoneCount: z.number().int().default(0),
  zoneCountMin: z.number().int().optional(),
  zoneCountMax: z.number().int().optional(),
  thirdPartyOutput: z.boolean().default(false),
  mobileReader: z.boolean().default(false),
});

export const AlarmZoneState = z.enum(['armed', 'disarmed', 'user1', 'user2']);
export const AlarmZone = z.object({
  ...Wired,
  schedule: AlarmZoneState.optional(),
  state: AlarmZoneState.optional(),
  /** A fence zone directing its events here: the zone then shows lowFeel or highVoltage. */
  fenceZone: Id.optional(),
});

export const Door = z.object({
  ...Wired,
  entryAccessZone: Id.optional(),
  exitAccessZone: Id.optional(),
  /** Stays unlocked after an open until physically opened and closed, or a lock override (9.40). */
  halfCycle: z.boolean().default(false),
  hasOpenSensor: z.boolean().default(true),
  unlockSeconds: z.number().positive().optional(),
  openTooLongSeconds: z.number().positive().optional(),
});

export const FenceMode = z.enum(['on', 'off']);
export const FenceZone = z.object({
  ...Wired,
  schedule: FenceMode.optional(),
  power: FenceMode.default('on'),
  level: z.enum(['lowFeel', 'highVoltage']).default('highVoltage'),
  voltage: z.number().int().default(8000),
});

export const Input = z.object({
  ...Wired,
  /** Two-state inputs cannot report tamper. */
  states: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  open: z.boolean().default(false),
});

/**
 * An output (a relay: a siren, a strobe, a gate motor). `on` is the state the site's own logic drives
 * it to; overrides sit on top. `pulseSeconds`: the output is set to pulse when activated, for this long.
 */
export const Output = z.object({
  ...Wired,
  on: z.boolean().default(false),
  pulseSeconds: z.number().positive().optional(),
});

export const InterlockGroup = z.object({ ...Wired, doors: z.array(Id).default([]) });

export const Macro = z.object({
  ...Common,
  /** Operator groups that may run it; absent means anyone holding 'Run Macros' or 'Schedule and Run Macros'. */
  runnableBy: z.array(Id).optional(),
});

export const DayCategory = z.object({
  id: Id,
  name: z.string().min(1),
  description: z.string().optional(),
  notes: z.string().optional(),
});

export const Floor = z.object({
  floorNumber: z.number().int(),
  floorName: z.string(),
  frontService: z.boolean().default(true),
  rearService: z.boolean().default(false),
  frontAccessZone: Id.optional(),
  rearAccessZone: Id.optional(),
});
export const ElevatorGroup = z.object({
  ...Common,
  elevatorSystem: Id,
  elevatorGroupNumber: z.number().int(),
  rearAccessEnabled: z.boolean().default(false),
  groundFloorNumber: z.number().int().default(0),
  floors: z.array(Floor),
});

export const Licence = z.enum(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV', 'RESTEvents', 'VisitorManagement']);

/** How the server treats one kind of event: its priority, and when it is an alarm, the notes and instructions that go with it. */
export const AlarmKindSettings = z
  .object({
    priority: z.number().int().min(1).max(9),
    /** Preset notes offered on alarms of this kind (cc_rest.yaml: AlarmSummary.notePresets). */
    notePresets: z.array(z.string().min(1)).max(50),
    /** A note is required to acknowledge or process (only the `…WithComment` links are given). */
    mandatoryNotes: z.boolean(),
    /** The alarm instruction: an HTML page served at the alarm's `instruction.href`. */
    instruction: z.object({ name: z.string().min(1), html: z.string() }),
  })
  .partial()
  .strict();

export const AlarmSettings = z
  .object({
    /** Events of this priority and above become alarms (cc_rest.yaml /api/events POST: by default two). */
    threshold: z.number().int().min(1).max(9).default(2),
    /** How long an alarm or event updates call waits without news before answering empty (about 30 s). */
    holdSeconds: z.number().positive().default(30),
    kinds: z.partialRecord(z.enum(KIND_KEYS), AlarmKindSettings).default({}),
  })
  .prefault({});

export const SiteDefinition = z.object({
  name: z.string().default('Gatehouse demo site'),
  server: z
    .object({
      id: Id.default('server'),
      name: z.string().default('Access control server'),
      /** The server item's division (authentication events); default the root division. */
      division: Id.optional(),
      /**
       * The server flag for REST clients without certificates: up to 8.40 it turns certificate
       * checks off; from 8.50 it lets items with a blank thumbprint in.
       */
      relaxedClientCertificates: z.boolean().default(false),
      /** Gateway mode is strict about the Authorization header at every version. */
      gateway: z.boolean().default(false),
      /**
       * Test option: the doors and inputs discovery links carry a query string of their own
       * (`/api/doors?pos=0`), as clients must cope with. A real server's discovery links are plain.
       */
      queryStringLinks: z.boolean().default(false),
      /**
       * A gateway of the site's own in front of the server that wants another scheme word in place of
       * GGL-API-KEY (the vendor's gateway wants GGL-API-KEY): for testing a desk's own word. Needs `gateway`.
       */
      gatewayScheme: z.string().regex(/^\S+$/, 'a scheme word is one word').optional(),
    })
    .prefault({}),
  licences: z.array(Licence).default(['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV']),
  doorUnlockSeconds: z.number().positive().default(5),
  doorOpenTooLongSeconds: z.number().positive().default(30),
  divisions: z.array(Division).min(1),
  controllers: z.array(Controller).default([]),
  cardholders: z.array(Cardholder).default([]),
  operatorGroups: z.array(OperatorGroup).default([]),
  restClients: z.array(RestClient).min(1),
  accessZones: z.array(AccessZone).default([]),
  alarmZones: z.array(AlarmZone).default([]),
  doors: z.array(Door).default([]),
  fenceZones: z.array(FenceZone).default([]),
  inputs: z.array(Input).default([]),
  interlockGroups: z.array(InterlockGroup).default([]),
  outputs: z.array(Output).default([]),
  macros: z.array(Macro).default([]),
  dayCategories: z.array(DayCategory).default([]),
  elevatorGroups: z.array(ElevatorGroup).default([]),
  alarms: AlarmSettings,
  visitorManagement: VisitorManagement,
  cardholderPhotos: CardholderPhotos,
  cardholderLocations: CardholderLocations,
  proximityCards: ProximityCards,
});

/** A site as written in a file or passed in (defaults optional). */
export type SiteDefinition = z.input<typeof SiteDefinition>;
/** A site after checking, with every default filled in. */
export type Site = z.infer<typeof SiteDefinition>;
export type DoorDefinition = z.infer<typeof Door>;
export type AccessZoneDefinition = z.infer<typeof AccessZone>;
export type AlarmZoneDefinition = z.infer<typeof AlarmZone>;
export type FenceZoneDefinition = z.infer<typeof FenceZone>;
export type InputDefinition = z.infer<typeof Input>;
export type OutputDefinition = z.infer<typeof Output>;
export type InterlockGroupDefinition = z.infer<typeof InterlockGroup>;
export type MacroDefinition = z.infer<typeof Macro>;
export type ElevatorGroupDefinition = z.infer<typeof ElevatorGroup>;
export type DayCategoryDefinition = z.infer<typeof DayCategory>;
export type LicenceName = z.infer<typeof Licence>;
export type AlarmKindSettings = z.infer<typeof AlarmKindSettings>;
