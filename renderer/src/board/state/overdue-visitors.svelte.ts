import type { OverdueVisitors } from '../../../../shared/contract/reception';
import type { RendererDesk } from '../../lib/desk';

/**
 * The overdue visitors of the reception this desk chose, as main last read them (`reception.overdue`):
 * the attention strip names them after the alarms. Names are absent while the desk is locked.
 */
class OverdueVisitorsState {
  #now = $state<OverdueVisitors>({ visitors: [], withheld: 0, at: 0 });

  get now(): OverdueVisitors {
    return this.#now;
  }

  /** How many entries the strip gives them: one per visitor, or one for those it may not name. */
  get entries(): number {
    return this.#now.visitors.length + (this.#now.withheld > 0 ? 1 : 0);
  }

  replace(next: OverdueVisitors): void {
    this.#now = next;
  }
}

export const overdueVisitors = new OverdueVisitorsState();

/** Fed by main: the whole list whenever the link to main (re)opens, then each read's event. */
export function syncOverdueVisitors(desk: RendererDesk): () => void {
  const load = () =>
    void desk.call('reception.overdue', {}).then(
      (list) => overdueVisitors.replace(list),
      () => undefined, // Before a site is open there is nobody to name; the event brings them later.
    );
  const stops = [
    desk.on('reception.overdue', (list) => overdueVisitors.replace(list)),
    desk.onLink((link) => {
      if (link.phase === 'open') load();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
