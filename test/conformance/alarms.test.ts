import { beforeAll, expect, it } from 'vitest';
import { alarmDetail, alarmSearch, alarmUpdates } from './support/event-schemas';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms } from './support/strict-schema';

/** cc_rest.yaml: alarmfields (8.40). */
const ALARM_FIELDS = ['href', 'id', 'time', 'message', 'source', 'type', 'eventType', 'priority', 'state', 'active', 'division',
  'notePresets', 'view', 'comment', 'acknowledgeWithComment', 'acknowledge', 'processWithComment', 'process', 'details', 'history',
  'instruction', 'cardholder', 'event'];

describeAtVersions('alarms (cc_rest.yaml: /api/alarms)', (site) => {
  let ids: string[] = [];
  beforeAll(() => {
    const { sim } = site();
    // A stateless alarm with a cardholder, an active two-part alarm with notes and instructions, and a
    // restored one acknowledged with a comment (history).
    ids = [
      sim.control.raiseAlarm({ kind: 'accessDenied', source: 'd-lobby-main', cardholder: 'ch-visitor', priority: 4 }).id,
      sim.control.raiseAlarm({ kind: 'forcedDoor', source: 'd-n1-east' }).id,
      sim.control.raiseAlarm({ kind: 'fenceAlarm', source: 'fz-east' }).id,
    ];
    sim.control.restoreAlarm(ids[2]!);
  });

  const list = async (query: Record<string, string> = {}) => {
    const href = await site().feature('alarms', 'alarms');
    if (!href) throw new Error('GET /api has no features.alarms.alarms');
    const reply = await site().get(href, query);
    expect(reply.status).toBe(200);
    return reply.json as { alarms: { href: string; id: string }[]; updates?: { href: string } };
  };

  it('the list answers in the vendor AlarmSearch shape, with the default fields and with every field', async () => {
    const page = await list();
    expectConforms(alarmSearch, page, `GET alarms at ${site().version}`);
    expect(page.alarms.map((a) => a.id)).toEqual(expect.arrayContaining(ids));
    expectConforms(alarmSearch, await list({ fields: ALARM_FIELDS.join(',') }), `GET alarms with every field at ${site().version}`);
  });

  it('each alarm\'s detail answers in the vendor AlarmDetail shape, history and instruction included', async () => {
    const href = (await list()).alarms.find((a) => a.id === ids[2])!.href;
    const ack = await site().client.post(`${href}/acknowledge`, { comment: 'Perimeter patrol sent' });
    expect(ack.status).toBe(200);
    for (const alarm of (await list()).alarms) {
      const reply = await site().get(alarm.href);
      expect(reply.status).toBe(200);
      expectConforms(alarmDetail, reply.json, `${alarm.href} at ${site().version}`);
    }
    const detail = (await site().get(href)).json;
    expect(detail.history).toHaveLength(1);
    expect(detail.instruction.href).toBe(`${href}/instructions`);
    const instruction = await site().get(detail.instruction.href);
    expect(instruction.status).toBe(200);
    expect(instruction.headers['content-type']).toMatch(/^text\/html/);
  });

  it('the updates call answers in the vendor AlarmUpdates shape, from the list and from discovery', async () => {
    const first = await site().get((await list()).updates!.href);
    expect(first.status).toBe(200);
    expectConforms(alarmUpdates, first.json, `alarm updates at ${site().version}`);
    const waiting = site().get((await site().feature('alarms', 'updates'))!);
    setTimeout(() => site().sim.control.raiseAlarm({ kind: 'external' }), 50);
    const woken = await waiting;
    expectConforms(alarmUpdates, woken.json, `alarm updates from discovery at ${site().version}`);
    expect(woken.json.updates.length).toBeGreaterThan(0);
  });

  it('each action link takes an optional comment and answers 200 without a body', async () => {
    const { id } = site().sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-main' });
    const alarm = (await site().get(`${site().sim.url}/api/alarms/${id}`)).json as Record<string, { href: string }>;
    for (const [link, body] of [['view', undefined], ['comment', { comment: 'Camera checked' }], ['acknowledge', undefined], ['processWithComment', { comment: 'False alarm' }]] as const) {
      const reply = await site().client.post(alarm[link]!.href, body);
      expect(reply.status, link).toBe(200);
      expect(reply.text, link).toBe('');
    }
  });
});
