import { beforeAll, expect, it } from 'vitest';
import { differencesFor } from './support/example-differences';
import { describeAtVersions, type SiteAtVersion } from './support/site-at-version';
import { VENDOR_EXAMPLES, type VendorExample } from './support/vendor-examples';

type Json = Record<string, unknown>;
/** How to get the answers that stand for one response at a version (several: a field counts when any of them has it). */
type Sample = (site: SiteAtVersion, query: Record<string, string>) => Promise<unknown[]>;

const FASCN = '12345678123456111234567890112341';
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** GET an href and insist on 200. */
async function read(site: SiteAtVersion, href: string, query: Record<string, string> = {}): Promise<Json> {
  const reply = await site.get(href, query);
  if (reply.status !== 200) throw new Error(`GET ${href} answered ${reply.status}`);
  return reply.json as Json;
}

async function link(site: SiteAtVersion, group: string, key: string): Promise<string> {
  const href = await site.feature(group, key);
  if (!href) throw new Error(`GET /api at ${site.version} has no features.${group}.${key}`);
  return href;
}

/** Pages of one (`top=1`), followed through `next`, so the example's `next` link shows where there is more than one. */
const firstPage = (group: string, key: string, extra: Record<string, string> = {}): Sample => async (site, query) => {
  const pages = [await read(site, await link(site, group, key), { top: '1', ...extra, ...query })];
  for (let next = pages[0]!.next as { href: string } | undefined; next && pages.length < 50; next = pages.at(-1)!.next as { href: string } | undefined) {
    pages.push(await read(site, next.href));
  }
  return pages;
};

/** Every result's detail (or its first updates answer). */
const eachDetail = (group: string, key: string, updates = false): Sample => async (site, query) => {
  const all = (await read(site, await link(site, group, key), { top: '1000' })).results as { href: string }[];
  const details = await Promise.all(all.map((r) => read(site, r.href, query)));
  if (!updates) return details;
  // The first answer may come while the server is still asking the hardware (no zone count, no voltage): the next one is the status.
  return Promise.all(details.map(async (d) => {
    const first = await read(site, (d.updates as { href: string }).href);
    return [first, await read(site, (first.next as { href: string }).href)];
  })).then((pairs) => pairs.flat());
};

/** A cardholder created with a PIV card, as enrolment makes one. */
async function pivCardholder(site: SiteAtVersion): Promise<string> {
  const types = (await read(site, await link(site, 'cardTypes', 'assign'), { fields: 'href,credentialClass' })).results as { href: string; credentialClass: string }[];
  const reply = await site.client.post(await link(site, 'cardholders', 'cardholders'), {
    division: { href: `${site.sim.url}/api/divisions/north` },
    firstName: 'Example',
    lastName: 'Check',
    cards: [{
      type: { href: types.find((t) => t.credentialClass === 'piv')!.href },
      number: FASCN,
      pivData: { chuid: { fascn: FASCN, hash: b64('h'.repeat(32)) }, contentSigningCert: b64('content signing'), pivAuthenticationCert: b64('piv authentication') },
    }],
  });
  if (reply.status !== 201) throw new Error(`creating a cardholder answered ${reply.status}`);
  return reply.headers.location as string;
}

const SAMPLES: Record<string, Sample> = {
  'GET /api': async (site) => [await read(site, '/api')],
  ...Object.fromEntries(
    ([['access_zones', 'accessZones'], ['alarm_zones', 'alarmZones'], ['doors', 'doors'], ['fence_zones', 'fenceZones'], ['inputs', 'inputs'],
      ['interlock_groups', 'interlockGroups'], ['macros', 'macros'], ['outputs', 'outputs']] as const).flatMap(([path, group]) => [
      [`GET /api/${path}`, firstPage(group, group)],
      [`GET /api/${path}/{id}`, eachDetail(group, group)],
      [`GET /api/${path}/{id}/updates`, eachDetail(group, group, true)],
    ]),
  ),
  'GET /api/elevator_groups/{id}': eachDetail('elevators', 'elevatorGroups'),
  'GET /api/elevator_groups/modify_passenger_details': firstPage('cardholders', 'modifyDefaultFloors'),
  'GET /api/access_zones/update_cardholder_location': firstPage('cardholders', 'updateLocationAccessZones'),
  'GET /api/day_categories': firstPage('dayCategories', 'dayCategories'),
  'GET /api/day_categories/{id}': eachDetail('dayCategories', 'dayCategories'),
  'GET /api/items': firstPage('items', 'items'),
  'GET /api/items/{id}': eachDetail('items', 'items'),
  'GET /api/items/types': async (site) => [await read(site, await link(site, 'items', 'itemTypes'))],
  'POST /api/items/updates': async (site) => {
    const doors = (await read(site, await link(site, 'doors', 'doors'), { fields: 'id' })).results as { id: string }[];
    const reply = await site.client.post(await link(site, 'items', 'updates'), { itemIds: doors.map((d) => d.id) });
    return [reply.json];
  },
  'GET /api/cardholders': firstPage('cardholders', 'cardholders', { fields: 'defaults,shortName,description,authorised' }),
  // A cardholder enrolment made, and every other one the site holds (their names, descriptions, authorisation).
  'GET /api/cardholders/{id}': async (site, query) => {
    const created = await read(site, await pivCardholder(site), query);
    const others = (await read(site, await link(site, 'cardholders', 'cardholders'), { top: '1000' })).results as { href: string }[];
    return [created, ...(await Promise.all(others.map((c) => read(site, c.href, query))))];
  },
  'GET /api/card_types/assign': async (site, query) => [await read(site, await link(site, 'cardTypes', 'assign'), query)],
  'GET /api/divisions/view_events': firstPage('events', 'divisions'),
  'GET /api/divisions/{id}': eachDetail('events', 'divisions'),
  'GET /api/alarms': firstPage('alarms', 'alarms'),
  'GET /api/alarms/{id}': async (site, query) => {
    const alarms = (await read(site, await link(site, 'alarms', 'alarms'))).alarms as { href: string }[];
    return Promise.all(alarms.map((a) => read(site, a.href, query)));
  },
  // An override first, so an operator's event is among them.
  'GET /api/events': async (site, query) => {
    const door = (await read(site, await link(site, 'doors', 'doors'), { top: '1', fields: 'commands' })).results as { commands: { open: { href: string } } }[];
    await site.client.post(door[0]!.commands.open.href, {});
    return firstPage('events', 'events')(site, query);
  },
  'GET /api/events/groups': async (site) => [await read(site, await link(site, 'events', 'eventGroups'))],
};

/** True when `path` (`a.b`, `a[].b`) leads to a value in `value`; through an array, in any of its entries. */
export function holds(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split('.');
  const array = head!.endsWith('[]');
  const key = array ? head!.slice(0, -2) : head!;
  if (typeof value !== 'object' || value === null || !(key in value)) return false;
  const inner = (value as Json)[key];
  if (inner === undefined) return false;
  if (!array) return rest.length === 0 || holds(inner, rest.join('.'));
  if (!Array.isArray(inner)) return false;
  return rest.length === 0 ? inner.length > 0 : inner.some((entry) => holds(entry, rest.join('.')));
}

/** The example's paths the answers do not hold, and the listed differences the answers do hold after all. */
function compare(example: VendorExample, answers: unknown[], version: string): { missing: string[]; stale: string[] } {
  const listed = differencesFor(example.response, version);
  const covered = (path: string) => listed.some((d) => path === d.path || path.startsWith(`${d.path}.`) || path.startsWith(`${d.path}[]`));
  const present = (path: string) => answers.some((a) => holds(a, path));
  const wanted = [...example.fields, ...(example.follow?.paths.map((p) => `${p}.href`) ?? [])];
  return {
    missing: [...new Set(wanted)].filter((p) => !present(p) && !covered(p)),
    stale: listed.filter((d) => present(d.path)).map((d) => d.path),
  };
}

describeAtVersions('the vendor examples: every field they show is in the answer, or a listed difference', (site) => {
  beforeAll(() => {
    // Alarms of every sort the examples show: one with a cardholder, one with instructions and notes, one the server raised, one acknowledged with a comment.
    const { sim } = site();
    sim.control.raiseAlarm({ kind: 'accessDenied', source: 'd-lobby-main', cardholder: 'ch-visitor', priority: 4 });
    sim.control.raiseAlarm({ kind: 'forcedDoor', source: 'd-n1-east' });
    sim.control.raiseAlarm({ kind: 'external' });
    const restored = sim.control.raiseAlarm({ kind: 'fenceAlarm', source: 'fz-east' });
    sim.control.restoreAlarm(restored.id);
  });

  it('every response the reference gives an example of has a sample here', () => {
    expect(VENDOR_EXAMPLES.map((e) => e.response).filter((r) => !SAMPLES[r])).toEqual([]);
  });

  for (const example of VENDOR_EXAMPLES) {
    it(`${example.response} (${example.source})`, async () => {
      const s = site();
      if (example.response === 'GET /api/alarms/{id}') {
        // An acknowledgement with a comment gives an alarm its history, as the example shows.
        const alarms = (await read(s, await link(s, 'alarms', 'alarms'))).alarms as { href: string; acknowledgeWithComment?: { href: string } }[];
        const open = alarms.find((a) => a.acknowledgeWithComment);
        if (open) await s.client.post(open.acknowledgeWithComment!.href, { comment: 'Guard sent' });
      }
      const query: Record<string, string> = example.askFor ? { fields: ['defaults', ...example.askFor.fields].join(',') } : {};
      const answers = await SAMPLES[example.response]!(s, query);
      const { missing, stale } = compare(example, answers, s.version);
      expect(missing, `fields the example shows that the simulator does not give at ${s.version} (list a difference with its reason): ${missing.join(', ')}`).toEqual([]);
      expect(stale, `listed differences the simulator now gives at ${s.version} (take them off the list): ${stale.join(', ')}`).toEqual([]);
    });
  }

  it('the links the prose says to follow lead somewhere: a cardholder\'s updates answer, an alarm\'s source answers', async () => {
    const s = site();
    const holder = await read(s, await pivCardholder(s));
    const updates = await read(s, (holder.updates as { href: string }).href);
    expect(updates.updates).toMatchObject({ href: holder.href });
    expect((updates.next as { href: string }).href).toMatch(/^https:/);
    const alarms = (await read(s, await link(s, 'alarms', 'alarms'))).alarms as { source: { href?: string; name: string } }[];
    for (const alarm of alarms) {
      expect(alarm.source.href, alarm.source.name).toBeDefined();
      expect((await s.get(alarm.source.href!)).status, alarm.source.href).toBe(200);
    }
  });
});
