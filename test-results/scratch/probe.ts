import { startSimulator } from '../electron/simulator/index';
import { siteWithDoors } from '../test/integration/support/generated-site';
import { transportFor, control } from '../test/integration/support/site';
import { discover } from '../electron/core/api/discovery';
import { collect, searchItems } from '../electron/core/api/items';
import { Monitor } from '../electron/core/monitor/monitor';

const site = await startSimulator({ scenario: false, updatesTimeoutMs: 60_000, site: siteWithDoors(60) });
const t = transportFor(site, {}, { watchConnections: 4, watchProtocol: 'http/1.1' });
const d = await discover(t);
const doors = await collect(searchItems(t, d, 'door', { fields: ['updates'] }));
let n = 0;
const calls = new Map<string, number>();
const orig = t.getJson.bind(t);
(t as any).getJson = async (href: string, ...rest: any[]) => { const k = new URL(href).pathname; calls.set(k, (calls.get(k) ?? 0) + 1); try { return await (orig as any)(href, ...rest); } catch (e) { errs.push((e as Error).message); throw e; } };
const errs: string[] = [];
const m = new Monitor(t, { delta: (b) => { n += b.length; for (const s of b) if (s.flags.includes('forced')) console.log('forced at', Date.now() - t0); }, answered: () => {}, failed: (e) => console.log('fail', e.message) }, { rotationMs: Number(process.argv[2]) });
const t0 = Date.now();
m.watch(doors.map((x) => ({ href: x.href, name: x.name, updatesHref: x.updates!.href })));
for (let i = 0; i < 6; i++) {
  await new Promise((r) => setTimeout(r, 500));
  console.log((m.scheduler as any).ticker !== undefined, [...(m.scheduler as any).held].map((h: any) => [Date.now() - h.grantedAt, h.yieldSlot.signal.aborted]));
  console.log(Date.now() - t0, 'deltas', n, 'active', m.scheduler.active, 'waiting', m.scheduler.waiting, 'cap', m.scheduler.capacity);
}
await control.setDoor(site, doors[Number(process.argv[3])]!.id, { open: true, forced: true });
await new Promise((r) => setTimeout(r, 9000));
console.log('distinct', calls.size, [...calls.values()].slice(0, 10), errs.slice(0, 3), errs.length);
await m.stop(); await t.close(); await site.stop();
