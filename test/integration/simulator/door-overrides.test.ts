import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, withQuery } from './support';

// Spec: Override commands (door open / lock), half-cycle doors, Events 2.
describe('door overrides', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10 });

  const watched = new Set<string>();
  const flags = async (id: string) => {
    // Watch the door once (first updates call and the status that follows it), so pages report
    // real status rather than unknown.
    if (!watched.has(id)) {
      const first = await server.client.get(`/api/doors/${id}/updates`);
      await server.client.get(first.json.next.href);
      watched.add(id);
    }
    return (await server.client.get(withQuery(`${server.sim.url}/api/doors/${id}`, { fields: 'statusFlags' }))).json.statusFlags;
  };

  it('open answers 204, unlocks the door and relocks it after the unlock time', async () => {
    expect(await flags('d-n2-lift')).toEqual(['closed', 'locked', 'secure']);
    const open = await server.client.post('/api/doors/d-n2-lift/open');
    expect(open.status).toBe(204);
    expect(open.text).toBe('');
    expect(await flags('d-n2-lift')).toEqual(['closed', 'unlocked', 'secure']);
    server.sim.control.advanceTime(6_000);
    expect(await flags('d-n2-lift')).toEqual(['closed', 'locked', 'secure']);
  });

  it('a half-cycle door stays unlocked until opened and closed', async () => {
    expect((await server.client.post('/api/doors/d-n3-exec/open')).status).toBe(204);
    server.sim.control.advanceTime(60_000);
    expect(await flags('d-n3-exec')).toEqual(['closed', 'unlocked', 'secure']);
    server.sim.control.patchItem('doors', 'd-n3-exec', { open: true });
    server.sim.control.patchItem('doors', 'd-n3-exec', { open: false });
    expect(await flags('d-n3-exec')).toEqual(['closed', 'locked', 'secure']);
  });

  it('lock relocks an unlocked half-cycle door (9.40)', async () => {
    await server.client.post('/api/doors/d-labs-store/open');
    expect(await flags('d-labs-store')).toContain('unlocked');
    expect((await server.client.post('/api/doors/d-labs-store/lock')).status).toBe(204);
    expect(await flags('d-labs-store')).toContain('locked');
  });

  it('records every override that reached the server in the event log', async () => {
    const since = server.sim.control.events().at(-1)?.seq ?? 0;
    await server.client.post('/api/doors/d-s1-dock/open');
    expect(server.sim.control.events(since)).toEqual([
      expect.objectContaining({ type: 'override', collection: 'doors', itemId: 'd-s1-dock', command: 'open', operator: 'ch-desk' }),
    ]);
  });
});
