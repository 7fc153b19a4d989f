import { beforeAll, describe, expect, it } from 'vitest';
import { feature, simulatorForTheseTests, type TestClient } from './support';

interface AlarmJson {
  id: string;
  source: { id: string };
  [field: string]: unknown;
}

/** Pages the alarm list to its end (cc_rest.yaml /api/alarms: follow `next` until `updates` appears). */
async function readAll(client: TestClient, href: string): Promise<{ alarms: AlarmJson[]; pages: number; updates: string }> {
  const alarms: AlarmJson[] = [];
  let pages = 0;
  for (let next = href; ; ) {
    const page = await client.get(next);
    expect(page.status).toBe(200);
    pages++;
    alarms.push(...page.json.alarms);
    if (!page.json.next) return { alarms, pages, updates: page.json.updates.href };
    expect(page.json.updates).toBeUndefined();
    next = page.json.next.href;
  }
}

// Issue 32 §1: the server's alarms (cc_rest.yaml tag Alarms), raised through the control API and the world.
describe('alarms', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 400 });
  let alarmsHref: string;
  beforeAll(async () => {
    alarmsHref = await feature(server.client, 'alarms', 'alarms');
  });

  const raise = (body: Record<string, unknown>) => server.sim.control.raiseAlarm(body);
  const detail = async (id: string) => (await server.client.get(`${alarmsHref}/${id}`)).json;

  it('lists a raised alarm with its priority, source, type and the actions its state allows', async () => {
    const { id, alarm } = raise({ kind: 'external', source: 'd-lobby-main', priority: 6, message: 'Panic button pressed' });
    expect(alarm).toBe(true);
    const { alarms } = await readAll(server.client, alarmsHref);
    const listed = alarms.find((a) => a.id === id)!;
    expect(listed).toMatchObject({
      id,
      href: `${alarmsHref}/${id}`,
      message: 'Panic button pressed',
      priority: 6,
      state: 'unacknowledged',
      active: false,
      type: 'External alarm',
      source: { id: 'd-lobby-main', name: 'Lobby Main Entrance', href: `${server.sim.url}/api/doors/d-lobby-main` },
      division: { href: `${server.sim.url}/api/divisions/north` },
    });
    for (const link of ['view', 'comment', 'acknowledge', 'acknowledgeWithComment', 'process', 'processWithComment']) {
      expect(listed[link], link).toBeDefined();
    }
    expect(listed.forceProcess).toBeUndefined();
  });

  it('makes only events at or above the threshold alarms (cc_rest.yaml: priority two by default)', async () => {
    expect(raise({ kind: 'external', priority: 1 }).alarm).toBe(false);
    expect(raise({ kind: 'external', priority: 2 }).alarm).toBe(true);
    // The site's priority for the kind: card access is 1 (an event), a fence alarm 9 in the demo site.
    expect(raise({ kind: 'accessGranted', source: 'd-lobby-main', cardholder: 'ch-guard' }).alarm).toBe(false);
    const fence = raise({ kind: 'fenceAlarm', source: 'fz-east', active: false });
    expect((await detail(fence.id)).priority).toBe(9);
  });

  it('pages 100 at a time with next, the last page carrying updates instead', async () => {
    server.sim.control.floodAlarms({ count: 250 });
    const { alarms, pages } = await readAll(server.client, alarmsHref);
    expect(alarms.length).toBe(server.sim.control.unprocessedAlarms());
    expect(pages).toBe(Math.ceil(alarms.length / 100));
    expect(new Set(alarms.map((a) => a.id)).size).toBe(alarms.length);
  });

  it('acknowledges then processes: processed alarms leave the list, and the updates report each step', async () => {
    const { updates } = await readAll(server.client, alarmsHref);
    const { id } = raise({ kind: 'external', source: 'd-lobby-main' });
    const first = await server.client.get(updates);
    expect(first.json.updates.map((a: { id: string }) => a.id)).toEqual([id]);

    const ack = await server.client.post(`${alarmsHref}/${id}/acknowledge`, { comment: 'On it' });
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const second = await server.client.get(first.json.next.href);
    expect(second.json.updates).toEqual([expect.objectContaining({ id, state: 'acknowledged' })]);
    expect(second.json.updates[0].acknowledge).toBeUndefined();
    expect(second.json.updates[0].acknowledgeWithComment).toBeUndefined();

    expect((await server.client.post(`${alarmsHref}/${id}/process`)).status).toBe(200);
    const third = await server.client.get(second.json.next.href);
    expect(third.json.updates).toEqual([expect.objectContaining({ id, state: 'processed' })]);
    expect((await readAll(server.client, alarmsHref)).alarms.some((a) => a.id === id)).toBe(false);
    // A processed alarm is still there at its href, with its history.
    const done = await detail(id);
    expect(done.state).toBe('processed');
    expect(done.history.map((h: { action: string }) => h.action)).toEqual(['acknowledge', 'process']);
    expect(done.history[0]).toMatchObject({ comment: 'On it', operator: { name: 'Workstation, Desk' } });
  });

  it('reports each changed alarm once in its current state, however long the gap', async () => {
    const { updates } = await readAll(server.client, alarmsHref);
    const a = raise({ kind: 'external' }).id;
    const b = raise({ kind: 'external' }).id;
    await server.client.post(`${alarmsHref}/${a}/acknowledge`);
    await server.client.post(`${alarmsHref}/${a}/process`);
    const reply = await server.client.get(updates);
    expect(reply.json.updates.map((u: { id: string; state: string }) => [u.id, u.state])).toEqual([
      [b, 'unacknowledged'],
      [a, 'processed'],
    ]);
  });

  it('waits for a change, or answers an empty list after the hold', async () => {
    const { updates } = await readAll(server.client, alarmsHref);
    const settled = await server.client.get(updates);
    const waiting = server.client.get(settled.json.next.href);
    setTimeout(() => raise({ kind: 'external', message: 'later' }), 50);
    const woken = await waiting;
    expect(woken.json.updates).toEqual([expect.objectContaining({ message: 'later' })]);
    const quiet = await server.client.get(woken.json.next.href);
    expect(quiet.json.updates).toEqual([]);
    expect(quiet.json.next.href).toContain('/api/alarms/updates?');
  });

  it('answers a batch of 100 when more changed: the client is behind and asks again at once', async () => {
    const { updates } = await readAll(server.client, alarmsHref);
    server.sim.control.floodAlarms({ count: 150 });
    const first = await server.client.get(updates);
    expect(first.json.updates).toHaveLength(100);
    const second = await server.client.get(first.json.next.href);
    expect(second.json.updates).toHaveLength(50);
    const ids = [...first.json.updates, ...second.json.updates].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(150);
  });

  it('refuses a bookmark the server no longer knows with 404, so the client reads the list again', async () => {
    const { updates } = await readAll(server.client, alarmsHref);
    server.sim.control.forgetAlarmBookmarks();
    const refused = await server.client.get(updates);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toMatch(/read the alarm list again/);
    const fresh = await readAll(server.client, alarmsHref);
    expect((await server.client.get(fresh.updates)).status).toBe(200);
  });

  it('requires a note where the kind has mandatory notes: only the …WithComment links, and 400 without one', async () => {
    // Demo site: forced doors have mandatory notes and presets.
    server.sim.control.patchItem('doors', 'd-n1-east', { open: true, forced: true });
    const { alarms } = await readAll(server.client, alarmsHref);
    const forced = alarms.find((a) => a.source.id === 'd-n1-east')!;
    expect(forced).toMatchObject({ type: 'Door forced open', active: true, notePresets: expect.arrayContaining(['Door checked and secured']) });
    expect(forced.acknowledge).toBeUndefined();
    expect(forced.acknowledgeWithComment).toBeDefined();
    expect(forced.process).toBeUndefined();
    expect(forced.processWithComment).toBeUndefined();
    expect(forced.forceProcess).toEqual({ href: `${alarmsHref}/${forced.id}/process` });

    const id = forced.id;
    expect((await server.client.post(`${alarmsHref}/${id}/acknowledge`)).status).toBe(400);
    expect((await server.client.post(`${alarmsHref}/${id}/acknowledge`, { comment: 'Guard sent to the door' })).status).toBe(200);
    expect((await detail(id)).history[0]).toMatchObject({ action: 'acknowledgeActive', comment: 'Guard sent to the door' });

    // The door closes: the alarm is restored, no longer active, and can be processed with a note.
    server.sim.control.patchItem('doors', 'd-n1-east', { open: false, forced: false });
    const restored = await detail(id);
    expect(restored.active).toBe(false);
    expect(restored.forceProcess).toBeUndefined();
    expect(restored.processWithComment).toBeDefined();
    expect(restored.process).toBeUndefined();
    expect(restored.instruction).toEqual({ href: `${alarmsHref}/${id}/instructions` });
    const page = await server.client.get(restored.instruction.href);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<h2>Door forced open</h2>');
    expect((await detail(`${id}?fields=instruction.name`)).instruction).toEqual({ name: 'Forced door' });
    expect((await server.client.post(`${alarmsHref}/${id}/process`, { comment: 'Door checked and secured' })).status).toBe(200);
  });

  it('raises and restores controller offline as a two-part alarm', async () => {
    server.sim.control.setControllerOnline('ctl-south', false);
    const { alarms } = await readAll(server.client, alarmsHref);
    const offline = alarms.find((a) => a.source.id === 'ctl-south')!;
    expect(offline).toMatchObject({ type: 'Controller offline', active: true, priority: 6 });
    server.sim.control.setControllerOnline('ctl-south', true);
    expect((await detail(offline.id)).active).toBe(false);
  });

  it('answers 404 for an alarm that is not there and for an unknown action', async () => {
    expect((await server.client.get(`${alarmsHref}/999999`)).status).toBe(404);
    expect((await server.client.post(`${alarmsHref}/999999/acknowledge`)).status).toBe(404);
    const { id } = raise({ kind: 'external' });
    expect((await server.client.post(`${alarmsHref}/${id}/dismiss`)).status).toBe(404);
  });
});

describe('alarms: privileges and licence', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 400 });

  it('forces an active alarm only with the Force Process privilege (403 without, no forceProcess link)', async () => {
    const { id } = server.sim.control.raiseAlarm({ kind: 'tamper', source: 'd-lobby-side' });
    server.sim.control.setOperatorGroup('og-desk', {
      privileges: ['View Site', 'View Events and Alarms', 'Edit Alarms'],
    });
    server.sim.control.refreshRestClient('rc-gatehouse');
    const alarm = (await server.client.get(`/api/alarms/${id}`)).json;
    expect(alarm.active).toBe(true);
    expect(alarm.forceProcess).toBeUndefined();
    expect((await server.client.post(`/api/alarms/${id}/process`, { comment: 'x' })).status).toBe(403);
  });

  it('gives a viewing operator no action links and 403 on actions', async () => {
    const { id } = server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-side' });
    server.sim.control.setOperatorGroup('og-desk', { privileges: ['View Site', 'View Events and Alarms'] });
    server.sim.control.refreshRestClient('rc-gatehouse');
    const alarm = (await server.client.get(`/api/alarms/${id}`)).json;
    expect(alarm.acknowledge).toBeUndefined();
    expect(alarm.comment).toBeUndefined();
    expect((await server.client.post(`/api/alarms/${id}/acknowledge`)).status).toBe(403);
  });

  it('hides alarms outside the operator divisions (404) and lists none without a viewing privilege', async () => {
    const { id } = server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-side' });
    server.sim.control.setOperatorGroup('og-desk', { privileges: ['View Site', 'View Events and Alarms'], divisions: ['south'] });
    server.sim.control.refreshRestClient('rc-gatehouse');
    expect((await server.client.get(`/api/alarms/${id}`)).status).toBe(404);
    const list = (await server.client.get('/api/alarms')).json;
    expect(list.alarms.some((a: { id: string }) => a.id === id)).toBe(false);
  });

  it('answers 403 and links no alarms or events without the RESTEvents licence', async () => {
    server.sim.control.setLicences(['RESTCardholders', 'RESTStatus', 'RESTOverrides']);
    const api = (await server.client.get('/api')).json;
    expect(api.features.alarms).toBeUndefined();
    expect(api.features.events).toBeUndefined();
    for (const path of ['/api/alarms', '/api/alarms/updates', '/api/events', '/api/events/updates', '/api/events/groups']) {
      const reply = await server.client.get(path);
      expect(reply.status, path).toBe(403);
      expect(reply.json.message).toMatch(/RESTEvents/);
    }
  });
});
