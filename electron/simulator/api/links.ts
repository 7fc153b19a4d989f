import type { Collection } from '../model/live-item';

/** Builds the absolute hrefs the server hands out; every URL a client follows comes from here. */
export class Links {
  constructor(readonly base: string) {}

  href(path: string): string {
    return `${this.base}${path}`;
  }

  item(collection: Collection, id: string): string {
    return this.href(`/api/${collection}/${encodeURIComponent(id)}`);
  }

  updates(collection: Collection, id: string): string {
    return `${this.item(collection, id)}/updates`;
  }

  command(collection: Collection, id: string, segment: string): string {
    return `${this.item(collection, id)}/${segment}`;
  }

  division(id: string): string {
    return this.href(`/api/divisions/${encodeURIComponent(id)}`);
  }

  /**
   * An item's `division` block: its id as well as its href, as a real server sends it wherever a
   * division block appears (cc_rest.yaml: ItemDetail.division { id, href }; the cardholder, locker
   * and visit examples in ref/cardholders.html).
   */
  divisionRef(id: string): { id: string; href: string } {
    return { id, href: this.division(id) };
  }

  controller(id: string): string {
    return this.href(`/api/controllers/${encodeURIComponent(id)}`);
  }

  cardholder(id: string): string {
    return this.href(`/api/cardholders/${encodeURIComponent(id)}`);
  }
}
