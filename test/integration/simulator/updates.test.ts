import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, withQuery } from './support';

// Spec: Updates (status monitoring) protocol; common flags unknown / controllerUnknown.
describe('updates long-poll', () => {
  const server = simulatorForTheseTests({ updatesTimeoutMs: 400, statusFetchMs: 50 });

  const updatesOf = async (id: string) => (await server.client.get(`/api/doors/${id}`)).json.updates.href as string;

  it('answers the first call at once with controllerUnknown, then the real status', async () => {
    const first = await server.client.get(await updatesOf('d-n1-east'));
    expect(first.status).toBe(200);
    expect(first.json.updates.statusFlags).toEqual(['controllerUnknown']);
    const second = await server.client.get(first.json.next.href);
    expect(second.json.updates.statusFlags).toEqual(['closed', 'locked', 'secure']);
    expect(second.json.updates.statusText).toContain('Closed');
    expect(second.json.updates.status).not.toContain('\n');
  });

  it('returns at once when the door changes, with a fresh next link that carries a query string', async () => {
    const href = await updatesOf('d-n1-west');
    const first = await server.client.get(href);
    const settled = await server.client.get(first.json.next.href);
    const waiting = server.client.get(settled.json.next.href);
    server.sim.control.patchItem('doors', 'd-n1-west', { open: true, forced: true });
    const changed = await waiting;
    expect(changed.json.updates.statusFlags).toEqual(['open', 'locked', 'secure', 'forced']);
    expect(changed.json.next.href).not.toBe(settled.json.next.href);
    expect(new URL(changed.json.next.href).search).not.toBe('');
  });

  it('returns with no updates after the timeout when nothing changes', async () => {
    const first = await server.client.get(await updatesOf('d-n2-stair'));
    const settled = await server.client.get(first.json.next.href);
    const quiet = await server.client.get(settled.json.next.href);
    expect(quiet.status).toBe(200);
    expect(quiet.json.updates).toEqual({});
    expect(typeof quiet.json.next.href).toBe('string');
  });

  it('keeps only the latest state: one call catches a client up after several changes', async () => {
    const first = await server.client.get(await updatesOf('d-s1-main'));
    const settled = await server.client.get(first.json.next.href);
    server.sim.control.patchItem('doors', 'd-s1-main', { open: true });
    server.sim.control.patchItem('doors', 'd-s1-main', { tamper: true });
    server.sim.control.patchItem('doors', 'd-s1-main', { open: false });
    const caughtUp = await server.client.get(settled.json.next.href);
    expect(caughtUp.json.updates.statusFlags).toEqual(['closed', 'locked', 'secure', 'tamper']);
  });

  it('shows real flags on pages while the item is watched', async () => {
    const first = await server.client.get(await updatesOf('d-s1-dock'));
    await server.client.get(first.json.next.href);
    const page = await server.client.get(withQuery(`${server.sim.url}/api/doors/d-s1-dock`, { fields: 'statusFlags' }));
    expect(page.json.statusFlags).toEqual(['closed', 'locked', 'secure']);
  });
});
