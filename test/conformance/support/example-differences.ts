import { versionAtLeast } from '../../../shared/version';

/**
 * The one list of places where the simulator's answer does not hold a field the vendor's example shows
 * (`vendor-examples.ts`), each with its reason. `examples.test.ts` reads it: a field missing from an
 * answer and not listed here fails the test, and so does a listed difference the answer no longer has
 * (so the list only says what is true).
 */
export interface ExampleDifference {
  /** The response, as `VENDOR_EXAMPLES` names it. */
  readonly response: string;
  /** The field path; a listed path covers the paths inside it. */
  readonly path: string;
  /** Why the simulator leaves it out. */
  readonly reason: string;
  /** Only below this version (the field arrived with it, cc_rest.yaml says). */
  readonly before?: string;
}

/** Reasons shared by many rows. */
const WHY = {
  multiServer: 'serverDisplayName is only on items homed on another server of a multi-server installation (cc_rest.yaml: SERVER), and the simulator is one server',
  outOfScope: 'outside the interface Gatehouse uses (the seed spec, scope: PIV cards on cardholders; items; alarms and events)',
  oneFloor: 'the demo site fits on one page here; the next link is checked on pages the simulator splits',
  reception: 'the simulator gives it when asked for, and the reception screens ask for it where they need it',
  operatorLogin: 'the simulated cardholders are not operators of the interactive clients (operator login, Windows and Entra ID accounts)',
  noneHeld: 'the simulated site holds none, and the server sends no empty blocks it has nothing for',
  futureVersion: 'arrives after the newest simulated version (9.40)',
} as const;

const forEach = (responses: readonly string[], path: string, reason: string, before?: string): ExampleDifference[] =>
  responses.map((response) => ({ response, path, reason, ...(before ? { before } : {}) }));

export const EXAMPLE_DIFFERENCES: readonly ExampleDifference[] = [
  // GET /api: the example lists controllers Gatehouse does not use; the PIV page's sample spells cardholders "cardHolders".
  ...['accessGroups', 'competencies', 'lockerBanks', 'personalDataFields', 'roles'].map((group) => ({ response: 'GET /api', path: `features.${group}`, reason: WHY.outOfScope })),
  { response: 'GET /api', path: 'features.cardholders.changes', reason: `${WHY.outOfScope}; the cardholder changes feed is not simulated` },
  {
    response: 'GET /api',
    path: 'features.cardHolders',
    reason: 'the PIV page\'s sample spells the group "cardHolders"; cc_rest.yaml and rest_training.adoc name it features.cardholders, which the simulator gives',
  },
  // Cardholder detail (ref/cardholders.html): the blocks of cardholder administration the desk never reads.
  ...['operatorLoginEnabled', 'operatorUsername', 'operatorPasswordExpired', 'windowsLoginEnabled', 'windowsUsername', 'oidcLoginEnabled', 'oidcUserId'].map(
    (path) => ({ response: 'GET /api/cardholders/{id}', path, reason: WHY.operatorLogin }),
  ),
  ...['operatorGroups', 'competencies', 'relationships', 'lockers', 'elevatorGroups', 'notifications', 'disableCipherPad'].map((path) => ({
    response: 'GET /api/cardholders/{id}',
    path,
    reason: `cardholder administration ${WHY.outOfScope.slice('outside '.length)}; ${WHY.noneHeld}`,
  })),
  { response: 'GET /api/cardholders/{id}', path: 'serverDisplayName', reason: WHY.multiServer },
  { response: 'GET /api/cardholders/{id}', path: 'notes', reason: 'the notes come only when asked for with fields=notes (cc_rest.yaml: CardholderCommonFields.notes), and the desk never asks' },
  { response: 'GET /api/cardholders/{id}', path: 'redactions', reason: 'redactions come only when asked for (cc_rest.yaml: CardholderDetail.redactions, 8.80); redaction is not simulated' },
  { response: 'GET /api/cardholders/{id}', path: 'accessibilities', reason: `accessibilities are new in 9.50; ${WHY.futureVersion}` },
  { response: 'GET /api/cardholders/{id}', path: 'updateLocation', reason: 'updateLocation is new in 8.20 (cc_rest.yaml: CardholderDetail.updateLocation)', before: '8.20' },
  // Cardholder search and detail: the names the demo site gives its cardholders.
  ...['GET /api/cardholders', 'GET /api/cardholders/{id}'].map((response) => ({
    response,
    path: response.endsWith('{id}') ? 'shortName' : 'results[].shortName',
    reason: 'no cardholder of the demo site has a short name (the simulator gives one where the site has it)',
  })),
  // Item details.
  { response: 'GET /api/macros/{id}', path: 'shortName', reason: 'the macro fields cc_rest.yaml lists (MACROFIELDS) and the seed spec\'s have no shortName; the example shows one' },
  ...['description', 'notes', 'shortName'].map((path) => ({
    response: 'GET /api/elevator_groups/{id}',
    path,
    reason: 'the demo site gives its elevator groups none (the simulator gives each where the site has it)',
  })),
  // Canonical type names arrived in 9.00 (cc_rest.yaml: CANON_DESC).
  ...[['GET /api/items', 'results[].type.canonicalTypeName'], ['GET /api/items/{id}', 'type.canonicalTypeName'], ['GET /api/items/types', 'itemTypes[].canonicalTypeName']].map(
    ([response, path]) => ({ response: response!, path: path!, reason: 'canonical type names are new in 9.00 (cc_rest.yaml: CANON_DESC)', before: '9.00' }),
  ),
  // Card types: the list is answered whole (a site has a handful), and some fields come only on request.
  { response: 'GET /api/card_types/assign', path: 'next', reason: 'the simulator answers its three card types on one page' },
  { response: 'GET /api/card_types/assign', path: 'results[].serverDisplayName', reason: WHY.multiServer },
  {
    response: 'GET /api/card_types/assign',
    path: 'results[].availableCardStates',
    reason: 'CardType.availableCardStates says to ask for it with fields (its example shows it anyway); the seed spec agrees',
  },
  { response: 'GET /api/card_types/assign', path: 'results[].notes', reason: 'CardType.notes: the server does not return the notes field by default' },
  // Items controller.
  { response: 'GET /api/items/{id}', path: 'serverDisplayName', reason: WHY.multiServer },
  // Divisions: visitor management is reception's, and comes only when asked for.
  ...['GET /api/divisions/view_events', 'GET /api/divisions/{id}'].flatMap((response) => [
    { response, path: response.endsWith('{id}') ? 'serverDisplayName' : 'results[].serverDisplayName', reason: WHY.multiServer },
    {
      response,
      path: response.endsWith('{id}') ? 'visitorManagement' : 'results[].visitorManagement',
      reason: `visitorManagement comes only when asked for with fields (cc_rest.yaml: /api/divisions/{id} fields); ${WHY.reception}`,
    },
  ]),
  { response: 'GET /api/divisions/view_events', path: 'results[].description', reason: 'a division\'s description comes only with fields (cc_rest.yaml: Division.description)' },
  { response: 'GET /api/divisions/{id}', path: 'description', reason: 'the demo site gives its divisions no description (the simulator gives it, from 8.50, where the site has one)' },
  // Alarms.
  { response: 'GET /api/alarms', path: 'next', reason: 'an alarm page holds 100 (cc_rest.yaml: /api/alarms) and takes no top; the check raises four' },
  {
    response: 'GET /api/alarms/{id}',
    path: 'instruction.name',
    reason: 'the name comes only when asked for with fields=instruction.name (cc_rest.yaml: AlarmDetail.instruction, 9.10); not simulated, as the desk shows the instruction itself',
  },
  ...['cardholder.firstName', 'cardholder.lastName'].map((path) => ({
    response: 'GET /api/alarms/{id}',
    path,
    reason: 'not simulated: the alarm names its cardholder by name and href (cc_rest.yaml: AlarmDetail.cardholder adds the current first and last names, 8.20); the desk shows the name',
  })),
  {
    response: 'GET /api/events/groups',
    path: 'eventGroups[].eventTypes[].href',
    reason: 'cc_rest.yaml documents no call at an event type\'s href (/api/events/types/{id}); the simulator hands out no href it cannot answer',
  },
  // Alarms: event links (8.90) and the eventType block (8.90).
  ...forEach(['GET /api/alarms', 'GET /api/alarms/{id}'], 'eventType', 'eventType is new in 8.90 (cc_rest.yaml: AlarmSummary.eventType)', '8.90').map((d) =>
    d.response === 'GET /api/alarms' ? { ...d, path: 'alarms[].eventType' } : d,
  ),
  ...forEach(['GET /api/alarms', 'GET /api/alarms/{id}'], 'event', 'the event link is new in 8.90 (cc_rest.yaml: AlarmSummary.event)', '8.90').map((d) =>
    d.response === 'GET /api/alarms' ? { ...d, path: 'alarms[].event' } : d,
  ),
  // Events: fields that only some kinds of event carry (an access decision's card and zones, an edit's item).
  ...['events[].serverDisplayName', 'events[].occurrences', 'events[].accessGroup', 'events[].card', 'events[].modifiedItem', 'events[].door'].map((path) => ({
    response: 'GET /api/events',
    path,
    reason: path.endsWith('serverDisplayName') ? WHY.multiServer : 'the simulated world raises no event of the kind that carries it (badge decisions, edits, repeats)',
  })),
  ...['events[].next', 'events[].previous', 'events[].updates'].map((path) => ({
    response: 'GET /api/events',
    path,
    reason: 'links from one event to its neighbours and its own updates are not simulated; the desk pages with the search\'s next and previous and follows its updates',
  })),
  { response: 'GET /api/events', path: 'events[].eventType', reason: 'eventType is new in 8.90 (cc_rest.yaml: EventSummary.eventType)', before: '8.90' },
];

/** The differences that apply to `response` at `version`. */
export function differencesFor(response: string, version: string): ExampleDifference[] {
  return EXAMPLE_DIFFERENCES.filter((d) => d.response === response && (d.before === undefined || !versionAtLeast(version, d.before)));
}
