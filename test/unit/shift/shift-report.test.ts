import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import type { OperatorOnDuty } from '../../../electron/core/shift/on-duty';
import { buildShiftReport } from '../../../electron/core/shift/shift-report';
import { ShiftHandover } from '../../../electron/core/shift/shift-handover';
import type { AlarmQueue, AlarmSummary } from '../../../shared/contract/alarms';
import type { AuditAction } from '../../../shared/contract/audit';
import type { ActiveOverride, OperatorSession } from '../../../shared/contract/operators';
import type { BoardItem } from '../../../shared/domain';

const zone = { href: 'https://s/api/access_zones/az-n1', name: 'North Level 1 Offices' };
const door = { href: 'https://s/api/doors/d-1', name: 'Loading dock' };
const items: BoardItem[] = [
  { href: zone.href, id: 'az-n1', kind: 'accessZone', name: zone.name, commands: [], commandOffers: [], group: 'Level 1', floors: [] },
  { href: door.href, id: 'd-1', kind: 'door', name: door.name, commands: [], commandOffers: [], group: 'Site', floors: [] },
];
const morgan: OperatorOnDuty = { id: 'op-1', name: 'Morgan Reyes', cardholderId: 'ch-guard', since: 10_000 };
const running: ActiveOverride = { id: 'x', itemHref: zone.href, itemName: zone.name, command: 'freeUntil', mode: 'Free', operator: 'Morgan Reyes', sentAt: 12_000, endsAt: 99_000, state: 'running' };

/** An audit log whose entries are recorded at the given times by whoever `who` names then. */
function logWith(entries: Array<[at: number, who: string | undefined, action: AuditAction]>) {
  const clock = { now: 0 };
  let who: string | undefined;
  const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const audit = new AuditLog(store, { desk: 'desk-1', now: () => clock.now });
  audit.attributeTo(() => who);
  for (const [at, name, action] of entries) {
    clock.now = at;
    who = name;
    audit.record(action);
  }
  return { audit, clock };
}

const shiftEntries: Array<[number, string | undefined, AuditAction]> = [
  // Before the shift, and by someone else during it: not Morgan's.
  [9_000, 'Morgan Reyes', { kind: 'override', item: zone, command: 'secure', outcome: 'done' }],
  [11_000, 'Alex Okafor', { kind: 'override', item: zone, command: 'free', outcome: 'done' }],
  [12_000, 'Morgan Reyes', { kind: 'override', item: zone, command: 'freeUntil', endTime: new Date(1970, 0, 1, 18, 5).toISOString(), outcome: 'done' }],
  [13_000, 'Morgan Reyes', { kind: 'alarm.acknowledged', item: door, comment: 'Delivery, driver known', outcome: 'done' }],
  [14_000, 'Morgan Reyes', { kind: 'enrolment', cardholder: 'Priya Raman (new cardholder)', cardNumber: '42', outcome: 'done' }],
  [15_000, 'Morgan Reyes', { kind: 'override', item: door, command: 'open', outcome: 'refused', outcomeText: 'Not connected to the server: the command was not sent.' }],
  [16_000, 'Morgan Reyes', { kind: 'override.cancelled', item: zone, command: 'cancel', override: 'Free', outcome: 'done' }],
  [17_000, 'Morgan Reyes', { kind: 'settings.changed', setting: 'API key replaced', outcome: 'done' }],
];

describe('the shift report', () => {
  it("is built from the operator's own audit entries since sign-in, section by section", () => {
    const { audit } = logWith(shiftEntries);
    const report = buildShiftReport({
      id: 'r1',
      operator: morgan,
      to: 20_000,
      entries: audit.matching({}),
      overridesRunning: [running],
      items,
      statuses: [
        { href: door.href, flags: ['open', 'unlocked', 'secure', 'forced'], statusText: 'Forced', receivedAt: 18_000 },
        { href: zone.href, flags: ['free'], statusText: 'Free', receivedAt: 18_000 },
      ],
      unsentEnrolments: [{ time: 19_000, what: 'PIV enrolment waiting in the outbox' }],
    });
    expect(report).toMatchObject({ id: 'r1', operator: 'Morgan Reyes', from: 10_000, to: 20_000, overridesRunning: [running] });
    expect(report.overridesSent).toEqual([
      // In the desk's own time, with no date on the day it was sent.
      { time: 12_000, what: 'Free on North Level 1 Offices', detail: expect.stringMatching(/^until (1970-01-01 )?18:05$/) },
      { time: 16_000, what: 'Cancelled Free on North Level 1 Offices' },
    ]);
    expect(report.alarmsHandled).toEqual([{ time: 13_000, what: 'Acknowledged: Loading dock', detail: 'Delivery, driver known' }]);
    // The report is kept in plain text: it never names the cardholder enrolled.
    expect(report.enrolments).toHaveLength(1);
    expect(JSON.stringify(report)).not.toMatch(/Priya|Raman|"42"/);
    expect(report.stillInAlarm).toEqual([{ time: 18_000, what: 'Loading dock', detail: expect.stringMatching(/Forced/) }]);
    expect(report.notSent).toEqual([
      { time: 15_000, what: 'Not sent: Open on Loading dock', detail: 'Not connected to the server: the command was not sent.' },
      { time: 19_000, what: 'PIV enrolment waiting in the outbox' },
    ]);
  });

  it("reads a2's alarm.acted entries too: what was done and the note", () => {
    const acted = { seq: 1, at: 12_000, desk: 'd', personal: 'none', hash: 'h', action: { kind: 'alarm.acted', alarm: '501', item: door, alarmKind: 'Door forced open', action: 'process', note: 'Checked on camera', outcome: 'done' } };
    const report = buildShiftReport({ id: 'r', operator: morgan, to: 20_000, entries: [acted as never], overridesRunning: [], items, statuses: [], unsentEnrolments: [] });
    expect(report.alarmsHandled).toEqual([{ time: 12_000, what: 'Processed: Loading dock (Door forced open)', detail: 'Checked on camera' }]);
  });
});

describe('the alarm queue in the shift report', () => {
  const alarm = (id: string, minutesBefore: number, state: AlarmSummary['state'], priority: number, kind = 'Door forced open'): AlarmSummary => ({
    id,
    time: new Date(END - minutesBefore * 60_000).toISOString(),
    message: `${kind} at ${door.name}`,
    source: { name: door.name, itemHref: door.href },
    kind,
    priority,
    state,
    active: false,
    actions: [],
    notePresets: [],
  });
  const END = Date.UTC(2026, 10, 29, 6, 0);
  const queue = (alarms: AlarmSummary[], feed: Partial<AlarmQueue['feed']> = {}): AlarmQueue => ({ alarms, feed: { source: 'server', live: true, behind: false, ...feed } });
  const build = (alarms: AlarmQueue | undefined) =>
    buildShiftReport({ id: 'r', operator: { ...morgan, since: END - 8 * 3_600_000 }, to: END, entries: [], overridesRunning: [], items, statuses: [], unsentEnrolments: [], alarms });

  it('lists every alarm not yet processed, unacknowledged first, then by priority and the longest waiting', () => {
    const report = build(
      queue([
        alarm('a', 30, 'acknowledged', 9),
        alarm('b', 125, 'unacknowledged', 5),
        alarm('c', 10, 'unacknowledged', 8, 'Duress'),
        alarm('d', 240, 'unacknowledged', 5),
        alarm('e', 300, 'processed', 9),
      ]),
    );
    expect(report.openAlarms?.map((a) => [a.kind, a.state, a.priority, (END - a.raisedAt) / 60_000])).toEqual([
      ['Duress', 'unacknowledged', 8, 10],
      ['Door forced open', 'unacknowledged', 5, 240],
      ['Door forced open', 'unacknowledged', 5, 125],
      ['Door forced open', 'acknowledged', 9, 30],
    ]);
    expect(report.openAlarms?.[0]).toMatchObject({ source: door.name, message: 'Duress at Loading dock' });
    expect(report.openAlarmsHeardAt).toBeUndefined();
  });

  it('says when the queue was last heard when it was not live, and leaves the section out where alarms are not followed', () => {
    const stale = build(queue([alarm('a', 5, 'unacknowledged', 5)], { live: false, heardAt: END - 600_000 }));
    expect(stale.openAlarmsHeardAt).toBe(END - 600_000);
    expect(build(queue([], { source: 'unlicensed' })).openAlarms).toBeUndefined();
    expect(build(undefined).openAlarms).toBeUndefined();
    expect(build(queue([])).openAlarms).toEqual([]);
  });
});

describe('the shift handover', () => {
  function handover() {
    const { audit, clock } = logWith(shiftEntries);
    let onDuty: OperatorOnDuty | undefined = morgan;
    const locks: string[] = [];
    let pending: string | undefined;
    const shift = new ShiftHandover({
      audit,
      operator: () => onDuty,
      lock: {
        shiftEnded: (id) => {
          locks.push(id);
          pending = id;
          onDuty = undefined;
        },
        handoverAcknowledged: () => {
          pending = undefined;
          return { policy: { idleLockMinutes: 15, cardStaysInReader: false, cardRemovedGraceSeconds: 5, deskPinFallback: true }, rosterEmpty: false } satisfies OperatorSession;
        },
      },
      overridesRunning: () => [running],
      board: () => ({ items, statuses: [] }),
      alarms: () => ({
        alarms: [
          { id: '7', time: new Date(5_000).toISOString(), message: 'Forced', source: { name: door.name }, kind: 'Door forced open', priority: 9, state: 'unacknowledged', active: false, actions: [], notePresets: [] },
        ],
        feed: { source: 'server', live: true, behind: false },
      }),
      now: () => clock.now,
    });
    return { audit, clock, shift, locks, signIn: (o: OperatorOnDuty) => (onDuty = o), pending: () => pending };
  }

  it('records the report whole on shift end, locks the desk, and waits for the next operator to acknowledge it', async () => {
    const h = handover();
    h.clock.now = 20_000;
    const report = await h.shift.end();
    expect(h.locks).toEqual([report.id]);
    const [ended] = h.audit.matching({ kinds: ['shift.ended'] });
    expect(ended).toMatchObject({ operator: 'Morgan Reyes', action: { kind: 'shift.ended', report } });
    expect(h.shift.pending()).toEqual(report);

    // Nobody signed in: no shift to report, nothing to acknowledge.
    await expect(h.shift.report()).rejects.toMatchObject({ code: 'invalid-call' });
    await expect(h.shift.acknowledge(report.id)).rejects.toMatchObject({ code: 'invalid-call' });

    h.signIn({ id: 'op-2', name: 'Alex Okafor', cardholderId: 'ch-reception', since: 21_000 });
    await expect(h.shift.acknowledge('another')).rejects.toMatchObject({ code: 'invalid-call' });
    h.clock.now = 22_000;
    await h.shift.acknowledge(report.id);
    expect(h.pending()).toBeUndefined();
    expect(h.shift.pending()).toBeUndefined();
    expect(h.audit.matching({ kinds: ['shift.acknowledged'] })[0]?.action).toEqual({ kind: 'shift.acknowledged', report: report.id, endedBy: 'Morgan Reyes', acknowledgedBy: 'Alex Okafor', outcome: 'done' });
    expect(h.audit.check().ok).toBe(true);

    // The CSV names who read it; a formula in a cell is neutralised.
    const file = await h.shift.exportCsv(report.id);
    expect(file.fileName).toMatch(/^gatehouse-shift_Morgan-Reyes_/);
    expect(file.csv).toContain('overrides still running');
    expect(file.csv).toContain('read by Alex Okafor');
    // The queue handed over comes straight after the shift line, with its age at the shift's end.
    expect(file.csv.split('\r\n')[2]).toMatch(/^alarms not acknowledged,.*,Door forced open: Forced,"?priority 9, waiting under a minute at the end of the shift/);
    // The shift, 1 open alarm, 1 alarm handled, 2 sent, 1 running, 1 enrolment, 1 not sent, and who read it.
    expect(file.rows).toBe(1 + 1 + 1 + 2 + 1 + 1 + 1 + 1);
  });

  it('refuses to export a report the log does not hold', async () => {
    await expect(handover().shift.exportCsv('missing')).rejects.toMatchObject({ code: 'not-found' });
  });
});
