/**
 * What the vendor's examples show, as facts: for each response the conformance layer checks, the field
 * paths its example in the reference holds (`a.b` a field inside a block, `a[].b` a field of an array's
 * entries), and the links the reference's prose tells a client to follow. Written as paths, not copied
 * text; each names where it comes from (ref/*.html: the "Response Example" of that call; cc_rest.yaml:
 * the schema or call whose example or prose says so). `examples.test.ts` checks every path against the
 * simulator's answer; a path it does not give is listed, with its reason, in `example-differences.ts`.
 */
export interface VendorExample {
  /** The response, as the difference list names it. */
  readonly response: string;
  /** Where the example is. */
  readonly source: string;
  /** The field paths the example shows. */
  readonly fields: readonly string[];
  /**
   * Fields the reference says come only when asked for with `fields` (the example shows what an
   * answer holds when asked): they are asked for, with `defaults`, and the source says why.
   */
  readonly askFor?: { readonly fields: readonly string[]; readonly source: string };
  /** Links the prose tells a client to follow: each must be present (as `<path>.href`). */
  readonly follow?: { readonly paths: readonly string[]; readonly source: string };
}

/** A summary search page: `results[]` of href, id, name and the `next` link (every item controller's *Search example). */
const SUMMARY_SEARCH = ['results', 'results[].href', 'results[].id', 'results[].name', 'next', 'next.href'];
/** What every status item's detail example shows beside its type's own fields. */
const ITEM_DETAIL = ['href', 'id', 'name', 'description', 'division', 'division.href', 'shortName', 'notes', 'updates', 'updates.href',
  'statusFlags', 'connectedController', 'connectedController.name', 'connectedController.href', 'connectedController.id', 'commands'];
/**
 * cc_rest.yaml: "Because of their potential size, notes are only available by request" (every item
 * detail's `notes`); status flags are not returned by default and are asked for with `fields` (STATUSFLAGS_DESC).
 */
const NOTES_ON_REQUEST = { fields: ['notes', 'statusFlags'], source: 'cc_rest.yaml: *Detail.notes, "only available by request"; STATUSFLAGS_DESC, not by default' };
/** cc_rest.yaml: every item's `updates` ("Follow the updates link"), the status long poll. */
const FOLLOW_UPDATES = { paths: ['updates'], source: 'cc_rest.yaml: /api/<items>/{id}/updates, reached through the updates href of the item\'s detail' };
/** An item's updates example: the status trio and `next`. */
const UPDATES = ['updates', 'updates.status', 'updates.statusText', 'updates.statusFlags', 'next', 'next.href'];

export const VENDOR_EXAMPLES: readonly VendorExample[] = [
  {
    response: 'GET /api',
    source: 'rest_training.adoc: "The importance of /api", the GET /api example; piv.html: GET /api example',
    fields: ['version', 'features', 'features.accessGroups.accessGroups.href', 'features.accessZones.accessZones.href',
      'features.alarms.alarms.href', 'features.alarms.updates.href', 'features.alarms.divisions.href', 'features.alarmZones.alarmZones.href',
      'features.cardholders.cardholders.href', 'features.cardholders.updateLocationAccessZones.href', 'features.cardholders.changes.href',
      'features.cardHolders.cardHolders.href', 'features.cardTypes.cardTypes.href', 'features.cardTypes.assign.href',
      'features.competencies.competencies.href', 'features.doors.doors.href', 'features.events.events.href', 'features.events.updates.href',
      'features.events.eventGroups.href', 'features.events.divisions.href', 'features.fenceZones.fenceZones.href', 'features.inputs.inputs.href',
      'features.items.items.href', 'features.items.itemTypes.href', 'features.items.updates.href', 'features.lockerBanks.lockerBanks.href',
      'features.macros.macros.href', 'features.outputs.outputs.href', 'features.personalDataFields.personalDataFields.href',
      'features.roles.roles.href'],
  },
  // Item searches and details (ref/rest.html: each controller's search and detail Response Example).
  ...(['access_zones', 'alarm_zones', 'doors', 'fence_zones', 'inputs', 'macros', 'outputs'] as const).map((c) => ({
    response: `GET /api/${c}`,
    source: `ref/rest.html: GET /api/${c} example`,
    fields: SUMMARY_SEARCH,
  })),
  { response: 'GET /api/interlock_groups', source: 'ref/rest.html: GET /api/interlock_groups example', fields: ['results', 'results[].href', 'results[].name', 'next', 'next.href'] },
  {
    response: 'GET /api/access_zones/{id}',
    source: 'ref/rest.html: GET /api/access_zones/{id} example',
    fields: [...ITEM_DETAIL, 'doors', 'doors[].name', 'doors[].href', 'zoneCount'],
    askFor: NOTES_ON_REQUEST,
    follow: FOLLOW_UPDATES,
  },
  { response: 'GET /api/alarm_zones/{id}', source: 'ref/rest.html: GET /api/alarm_zones/{id} example', fields: ITEM_DETAIL, askFor: NOTES_ON_REQUEST, follow: FOLLOW_UPDATES },
  {
    response: 'GET /api/doors/{id}',
    source: 'ref/rest.html: GET /api/doors/{id} example',
    fields: [...ITEM_DETAIL, 'entryAccessZone', 'entryAccessZone.name', 'entryAccessZone.href', 'exitAccessZone', 'exitAccessZone.name', 'exitAccessZone.href'],
    // cc_rest.yaml: DoorDetail.exitAccessZone "will not appear by default".
    askFor: { fields: ['notes', 'statusFlags', 'exitAccessZone'], source: 'cc_rest.yaml: DoorDetail.notes by request; STATUSFLAGS_DESC; exitAccessZone "will not appear by default"' },
    follow: FOLLOW_UPDATES,
  },
  { response: 'GET /api/fence_zones/{id}', source: 'ref/rest.html: GET /api/fence_zones/{id} example', fields: [...ITEM_DETAIL, 'voltage'], askFor: NOTES_ON_REQUEST, follow: FOLLOW_UPDATES },
  { response: 'GET /api/inputs/{id}', source: 'ref/rest.html: GET /api/inputs/{id} example', fields: ITEM_DETAIL, askFor: NOTES_ON_REQUEST, follow: FOLLOW_UPDATES },
  {
    response: 'GET /api/interlock_groups/{id}',
    source: 'ref/rest.html: GET /api/interlock_groups/{id} example',
    fields: [...ITEM_DETAIL, 'statusText', 'status'],
    askFor: NOTES_ON_REQUEST,
    follow: FOLLOW_UPDATES,
  },
  {
    response: 'GET /api/macros/{id}',
    source: 'ref/rest.html: GET /api/macros/{id} example',
    fields: ['href', 'id', 'name', 'description', 'division', 'division.href', 'shortName', 'commands', 'commands.run', 'commands.run.href'],
  },
  { response: 'GET /api/outputs/{id}', source: 'ref/rest.html: GET /api/outputs/{id} example', fields: ITEM_DETAIL, askFor: NOTES_ON_REQUEST, follow: FOLLOW_UPDATES },
  { response: 'GET /api/access_zones/{id}/updates', source: 'ref/rest.html: GET /api/access_zones/{id}/updates example', fields: [...UPDATES, 'updates.zoneCount'] },
  { response: 'GET /api/doors/{id}/updates', source: 'ref/rest.html: GET /api/doors/{id}/updates example', fields: UPDATES },
  { response: 'GET /api/fence_zones/{id}/updates', source: 'ref/rest.html: GET /api/fence_zones/{id}/updates example', fields: [...UPDATES, 'updates.voltage'] },
  { response: 'GET /api/interlock_groups/{id}/updates', source: 'ref/rest.html: GET /api/interlock_groups/{id}/updates example', fields: ['updates', 'updates.statusFlags', 'next', 'next.href'] },
  {
    response: 'GET /api/elevator_groups/{id}',
    source: 'ref/rest.html: GET /api/elevator_groups/{id} example',
    fields: ['href', 'name', 'description', 'notes', 'shortName', 'elevatorGroupNumber', 'elevatorSystem', 'elevatorSystem.id', 'rearAccessEnabled', 'groundFloorNumber'],
    askFor: { fields: ['notes'], source: 'cc_rest.yaml: /api/elevator_groups/{id} fields; notes by request as on every item' },
  },
  {
    response: 'GET /api/elevator_groups/modify_passenger_details',
    source: 'ref/rest.html: GET /api/elevator_groups/modify_passenger_details example',
    fields: ['results', 'results[].href', 'results[].name', 'results[].division', 'results[].division.id', 'results[].division.href',
      'results[].floorAccess', 'results[].floorAccess[].floorNumber', 'results[].floorAccess[].frontService', 'results[].floorAccess[].rearService',
      'results[].floorAccess[].floorName', 'results[].floorAccess[].frontAccessZone.id', 'results[].floorAccess[].frontAccessZone.name',
      'results[].floorAccess[].frontAccessZone.href', 'results[].floorAccess[].rearAccessZone.id', 'results[].floorAccess[].rearAccessZone.name',
      'results[].floorAccess[].rearAccessZone.href', 'next', 'next.href'],
  },
  {
    response: 'GET /api/access_zones/update_cardholder_location',
    source: 'ref/rest.html: GET /api/access_zones/update_cardholder_location example',
    fields: ['results', 'results[].href', 'results[].id', 'results[].name', 'outsideOfSystem', 'outsideOfSystem.href', 'next', 'next.href'],
  },
  {
    response: 'GET /api/day_categories',
    source: 'ref/rest.html: GET /api/day_categories example',
    fields: ['results', 'results[].name', 'results[].href', 'results[].description', 'results[].notes', 'next', 'next.href'],
    askFor: { fields: ['description', 'notes'], source: 'cc_rest.yaml: /api/day_categories, description and notes "Not in the default field set"' },
  },
  {
    response: 'GET /api/day_categories/{id}',
    source: 'ref/rest.html: "Day category" (the object a day category\'s href names) example',
    fields: ['name', 'href', 'description', 'notes'],
  },
  // The items controller (ref/events.html).
  {
    response: 'GET /api/items',
    source: 'ref/events.html: GET /api/items example',
    fields: ['results', 'results[].id', 'results[].name', 'results[].type', 'results[].type.id', 'results[].type.name', 'results[].type.canonicalTypeName', 'next', 'next.href'],
  },
  {
    response: 'GET /api/items/{id}',
    source: 'ref/events.html: GET /api/items/{id} example',
    fields: ['id', 'name', 'type', 'type.id', 'type.name', 'type.canonicalTypeName', 'serverDisplayName', 'notes', 'href', 'division', 'division.id', 'division.href'],
    askFor: { fields: ['notes'], source: 'cc_rest.yaml: /api/items/{id} fields; notes by request' },
  },
  { response: 'GET /api/items/types', source: 'ref/events.html: GET /api/items/types example', fields: ['itemTypes', 'itemTypes[].id', 'itemTypes[].name', 'itemTypes[].canonicalTypeName'] },
  {
    response: 'POST /api/items/updates',
    source: 'ref/events.html: POST /api/items/updates example',
    fields: ['updates', 'updates[].id', 'updates[].status', 'updates[].statusText', 'updates[].statusFlags', 'next', 'next.href'],
    follow: { paths: ['next'], source: 'cc_rest.yaml: /api/items/updates, each answer\'s next href is the next call of the subscription' },
  },
  // Cardholders and card types (ref/cardholders.html, ref/piv.html).
  {
    response: 'GET /api/cardholders',
    source: 'ref/cardholders.html: GET /api/cardholders example',
    fields: ['results', 'results[].href', 'results[].id', 'results[].firstName', 'results[].lastName', 'results[].shortName', 'results[].description',
      'results[].authorised', 'next', 'next.href'],
  },
  {
    response: 'GET /api/cardholders/{id}',
    source: 'ref/cardholders.html: GET /api/cardholders/{id} example; ref/piv.html: its PIV cards',
    fields: ['href', 'id', 'firstName', 'lastName', 'shortName', 'description', 'authorised', 'lastSuccessfulAccessTime', 'lastSuccessfulAccessZone',
      'serverDisplayName', 'division', 'division.href', 'disableCipherPad', 'operatorLoginEnabled', 'operatorUsername', 'operatorPasswordExpired',
      'windowsLoginEnabled', 'windowsUsername', 'oidcLoginEnabled', 'oidcUserId', 'personalDataDefinitions', 'cards', 'cards[].href', 'cards[].number',
      'cards[].issueLevel', 'cards[].status', 'cards[].status.value', 'cards[].status.type', 'cards[].type', 'cards[].type.href', 'cards[].type.name',
      'cards[].pivData', 'cards[].pivData.chuid', 'cards[].pivData.chuid.hash', 'cards[].pivData.chuid.fascn', 'cards[].pivData.pivStatus',
      'cards[].pivData.pivStatus.type', 'cards[].pivData.lastCheckTime', 'accessGroups', 'operatorGroups', 'competencies', 'edit', 'edit.href',
      'updateLocation', 'updateLocation.href', 'notes', 'notifications', 'relationships', 'lockers', 'elevatorGroups', 'updates', 'redactions',
      'accessibilities'],
    follow: {
      paths: ['updateLocation', 'updates'],
      source: 'cc_rest.yaml: /api/cardholders/{id}/update_location "Take it from the updateLocation.href field"; CardholderDetail.updates, a long poll on one cardholder',
    },
  },
  {
    response: 'GET /api/card_types/assign',
    source: 'ref/cardholders.html: GET /api/card_types/assign example (cc_rest.yaml: CardType)',
    fields: ['results', 'results[].href', 'results[].id', 'results[].name', 'results[].division', 'results[].division.href', 'results[].notes',
      'results[].facilityCode', 'results[].availableCardStates', 'results[].credentialClass', 'results[].minimumNumber', 'results[].maximumNumber',
      'results[].serverDisplayName', 'results[].regex', 'results[].regexDescription', 'next', 'next.href'],
  },
  // Divisions, alarms and events (ref/events.html).
  {
    response: 'GET /api/divisions/view_events',
    source: 'ref/events.html: GET /api/divisions/_operation_ example',
    fields: ['results', 'results[].href', 'results[].id', 'results[].name', 'results[].description', 'results[].serverDisplayName', 'results[].parent',
      'results[].parent.href', 'results[].visitorManagement', 'next', 'next.href'],
  },
  {
    response: 'GET /api/divisions/{id}',
    source: 'ref/events.html: GET /api/divisions/{id} example',
    fields: ['href', 'id', 'name', 'description', 'serverDisplayName', 'parent', 'parent.href', 'visitorManagement'],
    askFor: { fields: ['description'], source: 'cc_rest.yaml: Division.description (8.50), only with fields' },
  },
  {
    response: 'GET /api/alarms',
    source: 'ref/events.html: GET /api/alarms example',
    fields: ['alarms', 'alarms[].href', 'alarms[].id', 'alarms[].time', 'alarms[].message', 'alarms[].source', 'alarms[].source.id', 'alarms[].source.name',
      'alarms[].source.href', 'alarms[].type', 'alarms[].eventType', 'alarms[].eventType.id', 'alarms[].eventType.name', 'alarms[].priority', 'alarms[].state',
      'alarms[].active', 'alarms[].division', 'alarms[].division.href', 'alarms[].event', 'alarms[].event.href', 'alarms[].notePresets', 'alarms[].view',
      'alarms[].comment', 'alarms[].acknowledge', 'alarms[].acknowledgeWithComment', 'alarms[].process', 'alarms[].processWithComment',
      'alarms[].forceProcess', 'next', 'next.href', 'updates', 'updates.href'],
    askFor: { fields: ['eventType', 'event'], source: 'cc_rest.yaml: EVENTTYPE_DESC and AlarmSummary.event (8.90), not by default' },
    follow: { paths: ['updates'], source: 'cc_rest.yaml: /api/alarms/updates, taken from the updates href of the alarm list' },
  },
  {
    response: 'GET /api/alarms/{id}',
    source: 'ref/events.html: GET /api/alarms/{id} example',
    fields: ['href', 'id', 'time', 'message', 'source', 'source.id', 'source.name', 'source.href', 'type', 'eventType', 'priority', 'state', 'active',
      'division', 'division.href', 'event', 'event.href', 'notePresets', 'view', 'comment', 'acknowledge', 'acknowledgeWithComment', 'process',
      'processWithComment', 'forceProcess', 'details', 'history', 'history[].time', 'history[].action', 'history[].comment', 'history[].operator',
      'history[].operator.name', 'instruction', 'instruction.href', 'instruction.name', 'cardholder', 'cardholder.href', 'cardholder.name',
      'cardholder.firstName', 'cardholder.lastName'],
    askFor: { fields: ['eventType', 'event'], source: 'cc_rest.yaml: EVENTTYPE_DESC and AlarmSummary.event (8.90), not by default' },
    follow: { paths: ['source'], source: 'cc_rest.yaml: AlarmSummary.source.href, "Link to the source item" (8.10)' },
  },
  {
    response: 'GET /api/events',
    source: 'ref/events.html: GET /api/events example',
    fields: ['events', 'events[].href', 'events[].id', 'events[].serverDisplayName', 'events[].time', 'events[].message', 'events[].occurrences',
      'events[].priority', 'events[].alarm', 'events[].operator', 'events[].source', 'events[].source.href', 'events[].group', 'events[].type',
      'events[].eventType', 'events[].division', 'events[].division.id', 'events[].division.href', 'events[].division.name', 'events[].cardholder',
      'events[].entryAccessZone', 'events[].exitAccessZone', 'events[].door', 'events[].accessGroup', 'events[].card', 'events[].modifiedItem',
      'events[].next', 'events[].previous', 'events[].updates', 'previous', 'next', 'updates', 'updates.href'],
    askFor: { fields: ['eventType'], source: 'cc_rest.yaml: EVENTTYPE_DESC (8.90), not by default' },
    follow: { paths: ['updates'], source: 'cc_rest.yaml: /api/events/updates, taken from the updates href of an event search for what comes next' },
  },
  { response: 'GET /api/events/groups', source: 'ref/events.html: GET /api/events/groups example', fields: ['eventGroups', 'eventGroups[].id', 'eventGroups[].name', 'eventGroups[].eventTypes', 'eventGroups[].eventTypes[].href', 'eventGroups[].eventTypes[].id', 'eventGroups[].eventTypes[].name'] },
];
