import type { ActiveOverride } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import type { RendererDesk } from '../lib/desk';

/**
 * The overrides this desk sent that may still be running, as main judges them: loaded when the link
 * to main (re)opens, then replaced by each `overrides.active` event. Nothing here guesses a state.
 */
class ActiveOverridesStore {
  list = $state<ActiveOverride[]>([]);
  /** Those still open: running, or not confirmed while the item is not live. */
  readonly open = $derived(this.list.filter((o) => o.state === 'running' || o.state === 'unknown'));

  follow(desk: RendererDesk): () => void {
    const load = async () => {
      try {
        this.list = await desk.call('overrides.active', {});
      } catch (err) {
        // A desk without a local store keeps no list: the button then shows none.
        if (!(err instanceof DeskError)) throw err;
      }
    };
    const stops = [
      desk.on('overrides.active', (list) => (this.list = list)),
      desk.onLink((link) => {
        if (link.phase === 'open') void load();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}

export const activeOverrides = new ActiveOverridesStore();
