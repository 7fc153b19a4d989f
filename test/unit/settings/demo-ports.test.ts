import { describe, expect, it } from 'vitest';
import { DemoPorts } from '../../../electron/shells/compose/demo-ports';

describe('DemoPorts: the demo site keeps its first ports for the life of the process', () => {
  it('restarts the demo site on the same site and control ports, so the printed control address still works', async () => {
    const ports = new DemoPorts();
    const first = await ports.start({ control: true, scenario: false });
    const { url, controlUrl } = first.simulator;
    await first.close();

    const again = await ports.start({ control: true, scenario: false });
    try {
      expect(again.simulator.url).toBe(url);
      expect(again.simulator.controlUrl).toBe(controlUrl);
      expect((await fetch(`${controlUrl}/events?since=0`)).status).toBe(200);
    } finally {
      await again.close();
    }
    // Each start generates the simulator's certificates, which takes a while on a busy machine.
  }, 60_000);
});
