import type { BoardItem } from '../../../shared/domain';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';

/**
 * What the journal needs of the site session (SiteSession has both): reads through its connection,
 * refused while it is not connected, and the board's items, to link an event's source to its item.
 */
export interface JournalSite {
  read<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T>;
  /** The same list until the board changes (the follower's item lookup is kept per list). */
  items(): readonly BoardItem[];
}
