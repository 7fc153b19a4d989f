import { Agent, request } from 'undici';

/** One control-API patch: an item and the state to give it. */
interface Change {
  collection: string;
  id: string;
  patch: Record<string, unknown>;
}

/**
 * Background life on the site at a steady rate through the control API: doors opening and closing,
 * inputs opening and closing, zone counts moving. Never touches the probe doors. Counts what it sent
 * and what the control API refused or failed.
 */
export class BackgroundChanges {
  private readonly agent = new Agent({ connections: 8 });
  private readonly state = new Map<string, boolean>();
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private inFlight = 0;
  sent = 0;
  failed = 0;
  /** Ticks skipped because the control API had too many changes outstanding. */
  skipped = 0;

  constructor(
    private readonly controlUrl: string,
    private readonly items: { doors: string[]; inputs: string[]; zones: string[] },
    private readonly random: () => number,
  ) {}

  start(perSecond: number): void {
    if (perSecond <= 0) return;
    const startedAt = Date.now();
    // Catch up by wall clock each tick, so a slow tick does not lower the rate.
    this.timer = setInterval(() => {
      const due = Math.floor(((Date.now() - startedAt) / 1000) * perSecond);
      while (this.next < due) {
        this.next++;
        if (this.inFlight >= 64) {
          this.skipped++;
          continue;
        }
        void this.send(this.pick());
      }
    }, 10);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.agent.close();
  }

  private pick(): Change {
    const roll = this.random();
    const from = (list: string[]) => list[Math.floor(this.random() * list.length)]!;
    if (roll < 0.6 || this.items.inputs.length === 0) {
      const id = from(this.items.doors);
      const open = !this.state.get(id);
      this.state.set(id, open);
      return { collection: 'doors', id, patch: { open } };
    }
    if (roll < 0.9 || this.items.zones.length === 0) {
      const id = from(this.items.inputs);
      const open = !this.state.get(id);
      this.state.set(id, open);
      return { collection: 'inputs', id, patch: { open } };
    }
    return { collection: 'access_zones', id: from(this.items.zones), patch: { zoneCount: Math.floor(this.random() * 50) } };
  }

  private async send(change: Change): Promise<void> {
    this.inFlight++;
    try {
      const res = await request(`${this.controlUrl}/items/${change.collection}/${encodeURIComponent(change.id)}`, {
        method: 'PATCH',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change.patch),
      });
      await res.body.dump();
      if (res.statusCode === 204) this.sent++;
      else this.failed++;
    } catch {
      this.failed++;
    } finally {
      this.inFlight--;
    }
  }
}
