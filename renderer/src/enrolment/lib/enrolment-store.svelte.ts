import type { OutboxItem, ReaderList } from '../../../../shared/contract/enrolment';
import type { PivReadProgress, PivReadStep } from '../../../../shared/piv/card-read';
import type { RendererDesk } from '../../lib/desk';

/** Readers, the read in progress and the outbox, as main reports them in `enrolment.*` events. */
export class EnrolmentStore {
  readers = $state<ReaderList>({ readers: [], demoControls: false });
  progress = $state<Partial<Record<PivReadStep, PivReadProgress>>>({});
  outbox = $state<OutboxItem[]>([]);

  /** Subscribes to main's events and loads the current state; returns the unsubscribe. */
  connect(desk: RendererDesk): () => void {
    const stops = [
      desk.on('enrolment.readers', (list) => (this.readers = list)),
      desk.on('enrolment.progress', (p) => (this.progress = { ...this.progress, [p.step]: p })),
      desk.on('enrolment.outbox', (items) => (this.outbox = items)),
    ];
    void desk.call('enrolment.readers', {}).then((list) => (this.readers = list), () => undefined);
    void desk.call('enrolment.outbox', {}).then((items) => (this.outbox = items), () => undefined);
    return () => stops.forEach((stop) => stop());
  }

  resetProgress(): void {
    this.progress = {};
  }
}
