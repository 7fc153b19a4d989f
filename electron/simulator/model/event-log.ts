/**
 * The server's event log as tests and demos read it through the control API. Only what docs/server-interface.md §Events
 * makes observable is recorded: overrides with their attribution, authentication failures and the
 * flood alarm. `seq` grows by one per event so a reader can ask for everything since the last one.
 */
export type SimEvent = (
  | { type: 'override'; collection: string; itemId: string; command: string; operator: string; requestedBy?: string; endTime?: string }
  | { type: 'auth-failure'; reason: string; source: string }
  | { type: 'auth-flood-alarm'; message: string; count: number }
  | { type: 'cardholder'; action: string; cardholderId: string; operator: string }
  | { type: 'visit'; action: string; visitId: string; cardholderId?: string; operator: string }
) & {
  /** Every event has a division: its source item's (the server's, the root, for authentication). */
  division?: string;
};

export type LoggedEvent = SimEvent & { seq: number; time: string };

export class EventLog {
  private events: LoggedEvent[] = [];
  private seq = 0;
  private readonly listeners: ((event: LoggedEvent) => void)[] = [];

  constructor(private readonly now: () => number, private readonly limit = 10_000) {}

  add(event: SimEvent): LoggedEvent {
    const logged = { ...event, seq: ++this.seq, time: new Date(this.now()).toISOString() } as LoggedEvent;
    this.events.push(logged);
    if (this.events.length > this.limit) this.events.splice(0, this.events.length - this.limit);
    for (const listener of this.listeners) listener(logged);
    return logged;
  }

  /** The server's event journal (and a cardholder's long poll) hears of each entry as it is added; the answer stops that. */
  onAdded(listener: (event: LoggedEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  since(seq: number): LoggedEvent[] {
    return this.events.filter((e) => e.seq > seq);
  }

  get lastSeq(): number {
    return this.seq;
  }
}
