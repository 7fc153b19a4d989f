import type { ConnectionState } from '../../../../shared/domain';
import { describeConnection } from '../connection/describe';
import type { LinkState } from '../desk';
import { clock } from './clock.svelte';

/** Main's connection to the server (from `connection` events and board.get) and this window's link to main. */
class ConnectionStore {
  /** The last state main reported; kept through a link outage for the server's version and demo badge. */
  #server = $state<ConnectionState | undefined>();
  /** Whether `server` was reported since the link last opened. */
  #serverCurrent = $state(false);
  #link = $state<LinkState>({ phase: 'connecting', since: Date.now() });
  #view = $derived(describeConnection(this.#server, this.#link, clock.now, this.#serverCurrent));

  get server(): ConnectionState | undefined {
    return this.#server;
  }
  get link(): LinkState {
    return this.#link;
  }
  get view(): ReturnType<typeof describeConnection> {
    return this.#view;
  }

  reported(state: ConnectionState): void {
    this.#server = state;
    this.#serverCurrent = true;
  }

  linkChanged(link: LinkState): void {
    this.#link = link;
    if (link.phase !== 'open') this.#serverCurrent = false;
  }
}

export const connection = new ConnectionStore();
