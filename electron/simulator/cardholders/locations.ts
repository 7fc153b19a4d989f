import type { Site } from '../site/schema';

/** Where a cardholder was last seen: an access zone, or (a visitor who left) their visit's reception. */
export interface Whereabouts {
  zoneId?: string;
  receptionId?: string;
  /** ms since the epoch */
  time: number;
}

/**
 * Cardholders' last successful access: moved by card access at doors and by the location calls.
 * The site file's `cardholderLocations` places people at start-up, each seen a few minutes apart.
 */
export class CardholderLocations {
  private readonly where = new Map<string, Whereabouts>();

  constructor(site: Site, startedAt: number) {
    Object.entries(site.cardholderLocations).forEach(([cardholderId, zoneId], index) => {
      this.where.set(cardholderId, { zoneId, time: startedAt - (index * 7 + 3) * 60_000 });
    });
  }

  get(cardholderId: string): Whereabouts | undefined {
    return this.where.get(cardholderId);
  }

  moveTo(cardholderId: string, zoneId: string, time: number): void {
    this.where.set(cardholderId, { zoneId, time });
  }

  /** A visitor signed out: their last place is their visit's reception. */
  leftBy(cardholderId: string, receptionId: string, time: number): void {
    this.where.set(cardholderId, { receptionId, time });
  }
}
