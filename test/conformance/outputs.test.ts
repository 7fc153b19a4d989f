import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ITEM_TYPES } from '../../electron/core/api/item-types';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index';
import { TestClient } from '../integration/simulator/support';

/*
 * The simulator's outputs checked against facts from the vendor's REST reference (GallagherSecurity/
 * cc-rest-docs: oas3/out/cc_rest.yaml, training/rest_training.adoc). Each schema below is written
 * from those facts, with where each fact comes from; nothing is copied from the vendor's file.
 */

// cc_rest.yaml OUTPUTFIELDS_SCHEMA: the names `fields` may hold for /api/outputs and /api/outputs/{id}.
const OUTPUT_FIELDS = [
  'href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController',
  'statusFlags', 'statusText', 'status', 'notes', 'updates', 'defaults',
] as const;
// cc_rest.yaml UPDFIELDS_SCHEMA: what an updates call's `fields` may hold.
const UPDATE_FIELDS = ['status', 'statusText', 'statusFlags'];
// cc_rest.yaml, "Abnormal status flags": the server has no current status (priority order), plus the
// two common flags unknown / controllerUnknown, and encryptionKeysTampered beside deviceNotResponding.
const ABNORMAL = ['unsaved', 'deleted', 'unconfigured', 'remoteServerOffline', 'processOffline', 'controllerOffline', 'notPolled', 'deviceNotResponding'];
const COMMON = [...ABNORMAL, 'unknown', 'controllerUnknown', 'encryptionKeysTampered'];
// cc_rest.yaml tag Outputs, "Output status flags" and "Output flag rules".
const RELAY = ['relayStateUnknown', 'closed', 'open'];
const OUTPUT_FLAGS = [...RELAY, 'pulsed', 'switchingDisabled', 'overridden'];

/** cc_rest.yaml, "Output flag rules": online, exactly one relay flag; offline, only `overridden` may join. */
const OutputFlags = z.array(z.string()).superRefine((flags, ctx) => {
  const common = flags.filter((f) => COMMON.includes(f));
  const own = flags.filter((f) => OUTPUT_FLAGS.includes(f));
  const strange = flags.filter((f) => !COMMON.includes(f) && !OUTPUT_FLAGS.includes(f));
  if (strange.length) ctx.addIssue({ code: 'custom', message: `flags no output has: ${strange.join()}` });
  if (common.length) {
    if (own.some((f) => f !== 'overridden')) ctx.addIssue({ code: 'custom', message: `only overridden may come with ${common.join()}` });
  } else if (own.filter((f) => RELAY.includes(f)).length !== 1) {
    ctx.addIssue({ code: 'custom', message: `online needs exactly one of ${RELAY.join('/')}: ${flags.join()}` });
  }
});

const Href = z.object({ href: z.string().url() }).strict();
// cc_rest.yaml OutputSummary: href, id, name.
const OutputSummary = z.object({ href: z.string().url(), id: z.string().min(1), name: z.string() }).strict();
// cc_rest.yaml OutputSearch: results, and `next` only when there are more.
const OutputSearch = z.object({ results: z.array(OutputSummary), next: Href.optional() }).strict();
// cc_rest.yaml OutputDetail.commands: on, onUntil, off, offUntil, pulse (8.50); the Outputs tag's
// "Switching an Output" adds cancel. Each is a block holding an href to POST to.
const CommandKeys = z.enum(['on', 'onUntil', 'off', 'offUntil', 'pulse', 'cancel']);
const OutputDetail = OutputSummary.extend({
  description: z.string().optional(),
  // cc_rest.yaml: "The division containing this output", an href; with its id, as ItemDetail.division { id, href } gives it.
  division: z.object({ id: z.string().min(1), href: z.string().url() }).strict(),
  shortName: z.string().optional(),
  notes: z.string().optional(),
  updates: Href,
  statusFlags: OutputFlags.optional(),
  statusText: z.string().optional(),
  status: z.string().optional(),
  // cc_rest.yaml CONNECTEDCONTROLLER: name and href of the controller (the simulator adds its id).
  connectedController: z.object({ name: z.string(), href: z.string().url(), id: z.string().optional() }).optional(),
  commands: z.partialRecord(CommandKeys, Href).optional(),
}).strict();
// cc_rest.yaml /api/outputs/{id}/updates example: updates {status, statusText, statusFlags}, next.href.
const OutputUpdate = z.object({
  updates: z.object({ status: z.string(), statusText: z.string(), statusFlags: OutputFlags }).strict(),
  next: Href,
}).strict();
// cc_rest.yaml /api/items/updates: updates [{id, status, statusText, statusFlags}], next.href.
const ItemUpdates = z.object({
  updates: z.array(z.object({ id: z.string(), status: z.string(), statusText: z.string(), statusFlags: OutputFlags }).strict()),
  next: Href,
}).strict();

const SIREN = 'out-n-siren';
const GATE = 'out-s-dock'; // set to pulse in the demo site

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`does not conform: ${z.prettifyError(result.error)}\n${JSON.stringify(value)}`);
  return result.data;
}

describe('the core asks for outputs only what the vendor offers', () => {
  it('uses the discovery link features.outputs.outputs, fields from OUTPUTFIELDS and updates fields from UPDFIELDS', () => {
    // rest_training.adoc's /api sample: "outputs": { "outputs": { "href": …/api/outputs } }.
    expect(ITEM_TYPES.output.feature).toBe('outputs.outputs');
    for (const field of ITEM_TYPES.output.fields) expect(OUTPUT_FIELDS).toContain(field);
    for (const field of ITEM_TYPES.output.updateFields ?? []) expect(UPDATE_FIELDS).toContain(field);
  });
});

describe.each(['8.60', '9.0', '9.40'])('outputs at %s conform to the vendor reference', (version) => {
  let sim: RunningSimulator;
  let client: TestClient;
  let search: string;
  beforeAll(async () => {
    sim = await startSimulator({ version, statusFetchMs: 0, updatesTimeoutMs: 300 });
    client = new TestClient(sim);
    search = (await client.get('/api')).json.features.outputs.outputs.href;
  });
  afterAll(async () => {
    await client.close();
    await sim.stop();
  });

  it('search: OutputSearch of OutputSummary, paged with next', async () => {
    const page = parsed(OutputSearch, (await client.get(search)).json);
    expect(page.results.length).toBeGreaterThan(0);
    const first = parsed(OutputSearch, (await client.get(`${search}?top=2`)).json);
    expect(first.results).toHaveLength(2);
    expect(first.next).toBeDefined();
  });

  it('search with every field of OUTPUTFIELDS: each result is an OutputDetail', async () => {
    const fields = OUTPUT_FIELDS.filter((f) => f !== 'defaults').join(',');
    const reply = await client.get(`${search}?fields=${fields}`);
    expect(reply.status).toBe(200);
    for (const output of reply.json.results) parsed(OutputDetail, output);
  });

  it('detail: an OutputDetail with its commands; pulse only from 8.50 and only on an output set to pulse', async () => {
    const siren = parsed(OutputDetail, (await client.get(`/api/outputs/${SIREN}`)).json);
    expect(Object.keys(siren.commands ?? {}).sort()).toEqual(['cancel', 'off', 'offUntil', 'on', 'onUntil']);
    // cc_rest.yaml OutputDetail.commands: onUntil has the href of on, offUntil that of off.
    expect(siren.commands?.onUntil?.href).toBe(siren.commands?.on?.href);
    expect(siren.commands?.offUntil?.href).toBe(siren.commands?.off?.href);
    const gate = parsed(OutputDetail, (await client.get(`/api/outputs/${GATE}?fields=defaults,statusFlags`)).json);
    expect(gate.commands?.pulse?.href).toMatch(/\/pulse$/);
  });

  it('updates: the status trio and next, with the flag rules kept through on, off, pulse and cancel', async () => {
    const updates = async (id: string) => {
      let answer = parsed(OutputUpdate, (await client.get(`/api/outputs/${id}/updates`)).json);
      if (answer.updates.statusFlags[0] === 'controllerUnknown') answer = parsed(OutputUpdate, (await client.get(answer.next.href)).json);
      return answer.updates.statusFlags;
    };
    const commands = parsed(OutputDetail, (await client.get(`/api/outputs/${GATE}`)).json).commands!;
    // cc_rest.yaml: each override POST answers 204; "Those with `until` … require a JSON object in the body".
    expect((await client.post(commands.on!.href)).status).toBe(204);
    expect(await updates(GATE)).toEqual(['closed', 'overridden']);
    const endTime = new Date(sim.control.now() + 30 * 60_000).toISOString();
    expect((await client.post(commands.offUntil!.href, { endTime })).status).toBe(204);
    expect(await updates(GATE)).toEqual(['open', 'overridden']);
    expect((await client.post(commands.pulse!.href)).status).toBe(204);
    expect(await updates(GATE)).toContain('pulsed');
    expect((await client.post(commands.cancel!.href)).status).toBe(204);
    expect(await updates(GATE)).toEqual(['open']);
    sim.control.setControllerOnline('ctl-south', false);
    try {
      await client.post(commands.on!.href);
      expect(await updates(GATE)).toEqual(['controllerOffline', 'overridden']);
    } finally {
      sim.control.setControllerOnline('ctl-south', true);
      await client.post(commands.cancel!.href);
    }
  });

  it('the multi-item subscription carries outputs as ItemUpdate entries', async () => {
    const reply = await client.post((await client.get('/api')).json.features.items.updates.href, { itemIds: [SIREN, GATE] });
    expect(reply.status).toBe(200);
    const answer = parsed(ItemUpdates, reply.json);
    expect(answer.updates.map((u) => u.id).sort()).toEqual([GATE, SIREN].sort());
  });

  it('pulse on an output not set to pulse: 400 from 8.70 (cc_rest.yaml), never linked before', async () => {
    const status = (await client.post(`/api/outputs/${SIREN}/pulse`)).status;
    expect(status).toBe(version === '8.60' ? 404 : 400);
  });
});
