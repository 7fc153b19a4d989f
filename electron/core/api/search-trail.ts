import { createHash } from 'node:crypto';
import { DeskError } from '../../../shared/errors';
import type { AnswerLimits } from './answer-limits';

/**
 * One search's walk through `next` links. A server whose `next` points back at a page already read
 * would otherwise be followed for ever, and one with endless pages would fill memory: both are refused
 * with an error that says so.
 */
export class SearchTrail {
  private readonly visited = new Set<string>();
  private pages = 0;
  private items = 0;

  constructor(
    private readonly what: string,
    private readonly limits: Pick<AnswerLimits, 'pagesPerSearch' | 'itemsPerSearch'>,
  ) {}

  /** Counts one page's results against the search's limit. */
  took(results: number): void {
    this.pages += 1;
    this.items += results;
    if (this.items > this.limits.itemsPerSearch) {
      throw new DeskError('invalid-response', `${this.what}: the server gave more than ${this.limits.itemsPerSearch} items in one search; Gatehouse stopped reading`);
    }
  }

  /** The next page's href, once it is known to be new and within the page limit. */
  follow(href: string): string {
    // Digests, not the hrefs: a thousand pages of long links would otherwise be held for the whole walk.
    const seen = createHash('sha256').update(href).digest('base64');
    if (this.visited.has(seen)) {
      throw new DeskError('invalid-response', `${this.what}: the server's next link leads back to a page already read (page ${this.pages}); Gatehouse stopped following it`);
    }
    if (this.pages >= this.limits.pagesPerSearch) {
      throw new DeskError('invalid-response', `${this.what}: the server gave more than ${this.limits.pagesPerSearch} pages in one search; Gatehouse stopped reading`);
    }
    this.visited.add(seen);
    return href;
  }
}
