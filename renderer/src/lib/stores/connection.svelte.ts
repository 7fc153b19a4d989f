import type { ConnectionState } from '../../../../shared/domain';
import { describeConnection } from '../connection/describe';
import type { LinkState } from '../desk';
import { clock } from './clock.svelte';

/** Main's connection to the server (from `connection` events and board.get) and this window's link to main. */
class ConnectionStore {
  server = $state<ConnectionState | undefined>();
  link = $state<LinkState>({ phase: 'connecting', since: Date.now() });
  view = $derived(describeConnection(this.server, this.link, clock.now));
}

export const connection = new ConnectionStore();
