import type { CallResult, CommandRequest } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import { sendCommand } from './api/commands';
import type { Discovery } from './api/discovery';
import { isFinal } from './api/failure-policy';
import type { Transport } from './api/transport';
import type { SiteBoard } from './board/site-board';
import type { ConnectionTracker } from './connection';
import type { Heartbeat } from './heartbeat';
import type { AttemptScheduler } from './monitor/attempts';
import { SLOW_ANSWER_MS, slowness } from './site-session-timing';

/** The parts of a site session the command path reads, and what it tells the session. */
export interface CommandSite {
  transport: Transport;
  board: SiteBoard;
  tracker: ConnectionTracker;
  heartbeat: Heartbeat;
  attempts: AttemptScheduler;
  /** The last probe was answered (and no refusal since): the server is known to answer. */
  answering(): boolean;
  discovery(): Discovery | undefined;
  /** A refused key or certificate: the session stops every request of the site. */
  refused(error: DeskError): void;
}

/**
 * Override commands through one site session: sent only while the server is known to answer, never
 * queued, never re-sent; a refusal stops the session, and a slow answer is said on the bar at once.
 */
export class SiteCommands {
  constructor(private readonly site: CommandSite) {}

  async send(params: CommandRequest): Promise<CallResult<'item.command'>> {
    const { tracker, heartbeat, attempts } = this.site;
    // The server is being checked (a dropped connection, an overdue poll): wait for that answer (at
    // most the probe's timeout) rather than send into a server that may be gone, or refuse while it
    // answers normally. Not while the heartbeat hears it: a slow server takes overrides, slowly.
    const heard = heartbeat.current?.state === 'fine' || heartbeat.current?.state === 'slow';
    if (this.site.answering() && !heard && (tracker.phase === 'reconnecting' || attempts.busy)) await attempts.runAndWait();
    // Overrides are never queued: a door opening ten minutes late is dangerous. Checked first, so a
    // command on the last-known board (no catalogue yet) is refused as offline too.
    if (!this.site.answering() || tracker.phase === 'offline') {
      throw new DeskError('offline', 'Not connected to the server: the command was not sent. Try again once connected.');
    }
    const entry = this.site.board.entry(params.href);
    if (!entry) throw new DeskError('invalid-call', 'That item is not one the server gave this desk');
    const asked = Date.now();
    try {
      // Abandoned at the desk's deadline and never re-sent: the renderer watches the item's status instead.
      await sendCommand(this.site.transport, entry.fields, params);
    } catch (err) {
      if (err instanceof DeskError && isFinal(err)) this.site.refused(err);
      throw err;
    } finally {
      this.noteSlowAnswer(Date.now() - asked);
    }
    return { accepted: true };
  }

  /** An answer as slow as the probe calls slow says so on the bar now, not at the next heartbeat. */
  private noteSlowAnswer(tookMs: number): void {
    const { tracker } = this.site;
    if (tookMs < SLOW_ANSWER_MS || tracker.phase !== 'connected') return;
    const slow = slowness(tookMs);
    tracker.connected(this.site.discovery(), slow.note, slow.slowMs);
  }
}
