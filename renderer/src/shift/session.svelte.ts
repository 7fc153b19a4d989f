import type { OperatorSession } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import type { RendererDesk } from '../lib/desk';

/** Who is signed in and whether a handover waits, as main says: loaded when the link opens, then followed. */
class ShiftSession {
  current = $state<OperatorSession | undefined>();
  readonly signedIn = $derived(this.current?.operator !== undefined);
  /** The next operator has signed in and the last shift's handover waits for them to read it. */
  readonly handoverWaiting = $derived(this.signedIn && this.current?.handoverPending !== undefined);

  follow(desk: RendererDesk): () => void {
    const load = async () => {
      try {
        this.current = await desk.call('operator.session', {});
      } catch (err) {
        if (!(err instanceof DeskError)) throw err;
      }
    };
    const stops = [
      desk.on('operator.session', (session) => (this.current = session)),
      desk.onLink((link) => {
        if (link.phase === 'open') void load();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}

export const shiftSession = new ShiftSession();
