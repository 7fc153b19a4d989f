import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests } from './support';

// Scenario engine (issue 3, point 10): doors go through the passage sequence, some are forced.
describe('scenario engine', () => {
  const server = simulatorForTheseTests({ scenario: { ratePerSecond: 5, seed: 7 }, statusFetchMs: 10 });

  it('moves doors through closed+unlocked, open, relock and closed, and forces some', async () => {
    const seen = new Set<string>();
    const ids = ((await server.client.get('/api/doors?top=100')).json.results as { id: string }[]).map((r) => r.id);
    const cursors = new Map<string, string>();
    for (const id of ids) {
      const first = await server.client.get(`/api/doors/${id}/updates`);
      cursors.set(id, first.json.next.href);
    }
    // Simulated time moves in small steps; each door's status is sampled after every step.
    for (let step = 0; step < 400; step++) {
      server.sim.control.advanceTime(250);
      for (const id of ids) {
        const page = await server.client.get(`/api/doors/${id}?fields=statusFlags`);
        const flags: string[] = page.json.statusFlags;
        seen.add(flags.filter((f) => ['open', 'closed', 'locked', 'unlocked'].includes(f)).join('+'));
        if (flags.includes('forced')) seen.add('forced');
      }
      if (seen.size >= 5) break;
    }
    expect(seen).toEqual(new Set(['closed+locked', 'closed+unlocked', 'open+unlocked', 'open+locked', 'forced']));
  });
});
