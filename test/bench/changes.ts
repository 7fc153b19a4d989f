import { Agent, request } from 'undici';

/**
 * Moves doors at a steady rate through the simulator's control API (open ↔ closed) and remembers,
 * per door, when it changed and to what, so a client's observation of it can be timed.
 */
export class DoorChanges {
  private readonly pending = new Map<string, { at: number; open: boolean }>();
  private readonly state = new Map<string, boolean>();
  private readonly agent = new Agent({ connections: 4 });
  private timer: NodeJS.Timeout | undefined;
  readonly latenciesMs: number[] = [];
  made = 0;
  /** Changes overtaken by another change of the same door before the client saw them. */
  superseded = 0;

  constructor(
    private readonly controlUrl: string,
    private readonly doorIds: readonly string[],
    private readonly random: () => number,
  ) {}

  start(perSecond: number): void {
    this.timer = setInterval(() => void this.changeOne(), 1000 / perSecond);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.agent.close();
  }

  /** A client saw door `id` open or closed at time `now`: if that is the pending change, time it. */
  observe(id: string, open: boolean, now: number): void {
    const change = this.pending.get(id);
    if (!change || change.open !== open) return;
    this.pending.delete(id);
    this.latenciesMs.push(now - change.at);
  }

  /** Changes made but not seen by the end of the run. */
  get unseen(): number {
    return this.pending.size;
  }

  private async changeOne(): Promise<void> {
    const id = this.doorIds[Math.floor(this.random() * this.doorIds.length)]!;
    const open = !(this.state.get(id) ?? false);
    this.state.set(id, open);
    if (this.pending.has(id)) this.superseded++;
    this.pending.set(id, { at: performance.now(), open });
    this.made++;
    const res = await request(`${this.controlUrl}/items/doors/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      dispatcher: this.agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ open }),
    });
    await res.body.text();
    if (res.statusCode !== 204) throw new Error(`control PATCH of door ${id} answered ${res.statusCode}`);
  }
}
