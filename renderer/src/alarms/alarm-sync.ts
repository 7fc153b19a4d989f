import { DeskError } from '../../../shared/errors';
import type { RendererDesk } from '../lib/desk';
import { alarmQueue } from './alarms.svelte';

/**
 * Feeds the alarm queue from main, as lib/stores/sync.ts feeds the board: the whole queue whenever the
 * link (re)opens (what changed while the link was down is in it), and `alarms.changed` / `alarms.feed`
 * as they come. News that comes while the read is on its way is applied on top of the read.
 */
export function syncAlarms(desk: RendererDesk, report: (message: string) => void): () => void {
  async function read(): Promise<void> {
    alarmQueue.readStarted();
    try {
      alarmQueue.replace(await desk.call('alarms.get', {}));
    } catch (err) {
      alarmQueue.readFailed();
      // Before any site is open main answers `offline`: the connection bar already says so.
      if (err instanceof DeskError && err.code === 'offline') return;
      report(`Could not load the alarm queue: ${err instanceof DeskError ? err.message : String(err)}`);
    }
  }
  const stops = [
    desk.on('alarms.changed', (changes) => alarmQueue.apply(changes)),
    desk.on('alarms.feed', (feed) => {
      const before = alarmQueue.feed.source;
      alarmQueue.feedChanged(feed);
      // RESTEvents licensed or gone: the queue held belongs to what was before. A site's first answer
      // (none → server) is not read again: its alarms come as `alarms.changed`, and reading 10,000
      // alarms twice would hold the queue back at start-up.
      if (feed.source !== before && !(before === 'none' && feed.source === 'server')) void read();
    }),
    desk.onLink((link) => {
      if (link.phase === 'open') void read();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
