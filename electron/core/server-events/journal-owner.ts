import type { ServerEvent } from '../../../shared/contract/alarms';
import type { BookmarkStore } from './bookmark-store';
import { EventFollower, type FollowerTiming } from './event-follower';
import type { JournalSite } from './journal-site';

/**
 * Runs the live journal for whichever site the desk shows: one follower per site session, started
 * with it and stopped with it, so the site session itself knows nothing of the journal.
 */
export class JournalOwner {
  private follower: EventFollower | undefined;

  constructor(
    private readonly bookmarks: BookmarkStore,
    private readonly emit: (events: ServerEvent[]) => void,
    private readonly timing: Partial<FollowerTiming> = {},
  ) {}

  /** `siteKey`: the server's origin, which keys the bookmark. */
  open(site: JournalSite, siteKey: string): void {
    void this.follower?.stop();
    this.follower = new EventFollower(site, siteKey, this.bookmarks, this.emit, this.timing);
    this.follower.start();
  }

  async close(): Promise<void> {
    const follower = this.follower;
    this.follower = undefined;
    await follower?.stop();
  }
}
